import type { InputHTMLAttributes } from "react";
import { Field, useFieldControl } from "./form-field";

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "value" | "onChange" | "className"
> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  isOptional?: boolean;
}

export function TextField({ id, label, value, onValueChange, error, hint, isOptional, ...input }: TextFieldProps) {
  const control = useFieldControl<HTMLInputElement>(id, value, onValueChange, { error, hint });
  return (
    <Field id={id} label={label} hint={hint} error={error} isOptional={isOptional}>
      <input type="text" {...control} {...input} />
    </Field>
  );
}
