import type { ReactNode } from "react";
import { FORM_LABELS } from "../content/form-labels";

/** Ids of a field's label, hint and error, so every control is described the same way. */
export const fieldIds = (id: string) => ({ error: `${id}-error`, hint: `${id}-hint` });

export function describedBy(id: string, { hasHint = false, hasError = false } = {}): string | undefined {
  const ids = [hasHint && fieldIds(id).hint, hasError && fieldIds(id).error].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  // Always rendered (empty when valid) so showing an error does not shift the layout much.
  return (
    <p id={fieldIds(id).error} className="mt-1 min-h-5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  isOptional?: boolean;
  children: ReactNode;
}

/** Label, optional hint, control, error message: the shape of every text and select field. */
export function Field({ id, label, hint, error, isOptional, children }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
        {isOptional ? <span className="font-normal text-slate-600"> {FORM_LABELS.optional}</span> : null}
      </label>
      {hint ? (
        <p id={fieldIds(id).hint} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-1">{children}</div>
      <FieldError id={id} message={error} />
    </div>
  );
}

export const controlClass = (hasError: boolean) =>
  `block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ` +
  `focus:border-brand focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark ` +
  (hasError ? "border-red-700" : "border-slate-400");
