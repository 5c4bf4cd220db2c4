import type { FormEvent, ReactNode, Ref } from "react";
import { Form } from "react-router";
import { ErrorSummary, type ErrorSummaryProps } from "../../components/error-summary";
import { TextField } from "../../components/text-field";
import { FORM_LABELS } from "../../content/form-labels";
import { focusField } from "../../forms/error-focus";

/**
 * A console list's filters: a GET form named for its list (its words in the address), the error
 * summary first (spanning the grid's row: `summaryClassName`), then its fields. The grid's classes
 * are the caller's, written out whole so the stylesheet has them.
 */
export function FilterForm({
  label,
  className,
  summaryClassName,
  summaryRef,
  errors,
  onSubmit,
  children,
}: {
  label: string;
  className: string;
  summaryClassName: string;
  summaryRef: Ref<HTMLDivElement>;
  errors: ErrorSummaryProps["items"];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Form method="get" aria-label={label} noValidate className={className} onSubmit={onSubmit}>
      <div className={summaryClassName}>
        <ErrorSummary ref={summaryRef} title={FORM_LABELS.errorSummaryTitle} items={errors} onSelect={focusField} />
      </div>
      {children}
    </Form>
  );
}

/** A list's "From" and "To" dates, named `${idPrefix}-from` and `${idPrefix}-to`. */
export function DateRangeFields({
  idPrefix,
  labels,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  labels: { from: string; to: string };
  values: { from: string; to: string };
  errors: { from?: string | undefined; to?: string | undefined };
  onChange: (field: "from" | "to") => (value: string) => void;
}) {
  return (["from", "to"] as const).map((field) => (
    <TextField
      key={field}
      id={`${idPrefix}-${field}`}
      label={labels[field]}
      type="date"
      value={values[field]}
      onValueChange={onChange(field)}
      error={errors[field]}
    />
  ));
}
