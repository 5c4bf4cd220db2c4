import { Field, useFieldControl } from "./form-field";

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
export function TextAreaField({
  id,
  label,
  value,
  onValueChange,
  hint,
  error,
  isOptional,
  rows = 3,
  maxLength,
}: TextAreaFieldProps) {
  const { className, ...control } = useFieldControl<HTMLTextAreaElement>(id, value, onValueChange, { error, hint });
  return (
    <Field id={id} label={label} hint={hint} error={error} isOptional={isOptional}>
      <textarea {...control} rows={rows} maxLength={maxLength} className={`${className} resize-y`} />
    </Field>
  );
}
