import { Field, controlClass, describedBy } from "./form-field";
import { useValueShownOnMount } from "./use-value-shown-on-mount";

export interface TextAreaFieldProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  error?: string | undefined;
  isOptional?: boolean;
  rows?: number;
  maxLength?: number;
}

/** A multi-line text field described like every other field of the kit. */
export function TextAreaField({ id, label, value, onValueChange, hint, error, isOptional, rows = 3, maxLength }: TextAreaFieldProps) {
  const ref = useValueShownOnMount<HTMLTextAreaElement>(value, onValueChange);
  return (
    <Field id={id} label={label} hint={hint} error={error} isOptional={isOptional}>
      <textarea
        ref={ref}
        id={id}
        name={id}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hasHint: Boolean(hint), hasError: Boolean(error) })}
        className={`${controlClass(Boolean(error))} resize-y`}
      />
    </Field>
  );
}
