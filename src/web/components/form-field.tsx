import type { ChangeEvent, ReactNode } from "react";
import { FORM_LABELS } from "../content/form-labels";
import { useValueShownOnMount } from "./use-value-shown-on-mount";

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

const controlClass = (hasError: boolean) =>
  `block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ` +
  `focus:border-brand focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark ` +
  (hasError ? "border-red-700" : "border-slate-400");

/**
 * What every text, text-area and select control of the kit carries: its name, its value and
 * change, how it is described (hint, error), its look, and the value shown before hydration.
 */
export function useFieldControl<E extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
  id: string,
  value: string,
  onValueChange: (value: string) => void,
  { error, hint }: { error?: string | undefined; hint?: ReactNode },
) {
  return {
    ref: useValueShownOnMount<E>(value, onValueChange),
    id,
    name: id,
    value,
    onChange: (event: ChangeEvent<E>) => onValueChange(event.target.value),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, { hasHint: Boolean(hint), hasError: Boolean(error) }),
    className: controlClass(Boolean(error)),
  };
}
