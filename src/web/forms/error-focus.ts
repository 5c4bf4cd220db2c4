import { useEffect, useRef, useState } from "react";
import type { FieldErrors } from "../../domain/fields";

/**
 * The one way a form moves focus to its errors: after a refused submit, focus goes to the
 * error summary (GOV.UK pattern), whose links lead to each field; not while the fields are
 * corrected. `refused()` after each refused submit; give `summaryRef` to `ErrorSummary`.
 */
export function useErrorSummaryFocus() {
  const summaryRef = useRef<HTMLDivElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) summaryRef.current?.focus();
  }, [refusals]);
  return { summaryRef, refused: () => setRefusals((count) => count + 1) };
}

/** The summary's items: one per field with a message, in the form's order (`_form` and unknown fields last). */
export function errorSummaryItems(
  errors: FieldErrors,
  order: readonly string[],
  idOf: (field: string) => string = (field) => field,
) {
  const fields = [
    ...order.filter((field) => errors[field]),
    ...Object.keys(errors).filter((field) => !order.includes(field) && errors[field]),
  ];
  return fields.map((field) => ({ field: idOf(field), message: errors[field]! }));
}

/** Focuses a field by id; a fieldset (toggles, radios) gives focus to its first control. */
export function focusField(id: string) {
  const element = document.getElementById(id);
  const target =
    element instanceof HTMLFieldSetElement ? (element.querySelector<HTMLElement>("button, input") ?? element) : element;
  target?.focus();
}
