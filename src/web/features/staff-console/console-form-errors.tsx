import type { RefObject } from "react";
import { ErrorSummary } from "../../components/error-summary";
import { FORM_LABELS } from "../../content/form-labels";
import { focusField } from "../../forms/error-focus";
import { ErrorMessage } from "./console-ui";

/** A console form's errors: the summary with a link to each field (focused after a refusal), or the server's one message. */
export function ConsoleFormErrors({
  summaryRef,
  items,
  error,
}: {
  summaryRef: RefObject<HTMLDivElement | null>;
  items: readonly { field: string; message: string }[];
  error: string | undefined;
}) {
  return (
    <>
      <ErrorSummary ref={summaryRef} title={FORM_LABELS.errorSummaryTitle} items={items} onSelect={focusField} />
      <ErrorMessage message={error} />
    </>
  );
}
