import type { InputHTMLAttributes } from "react";
import { Field, controlClass, describedBy } from "./form-field";
import { useValueShownOnMount } from "./use-value-shown-on-mount";

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "className"> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  isOptional?: boolean;
}

export function TextField({ id, label, value, onValueChange, error, hint, isOptional, ...input }: TextFieldProps) {
  const ref = useValueShownOnMount<HTMLInputElement>(value, onValueChange);
  return (
    <Field id={id} label={label} hint={hint} error={error} isOptional={isOptional}>
      <input
        ref={ref}
        id={id}
        name={id}
        type="text"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hasHint: Boolean(hint), hasError: Boolean(error) })}
        className={controlClass(Boolean(error))}
        {...input}
      />
    </Field>
  );
}
