import type { Option } from "../../domain";
import { Field, controlClass, describedBy } from "./form-field";
import { useValueShownOnMount } from "./use-value-shown-on-mount";

export interface SelectFieldProps {
  id: string;
  label: string;
  options: readonly Option[];
  /** The first, empty choice ("Select..."). */
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  autoComplete?: string;
}

export function SelectField({ id, label, options, placeholder, value, onValueChange, error, autoComplete }: SelectFieldProps) {
  const ref = useValueShownOnMount<HTMLSelectElement>(value, onValueChange);
  return (
    <Field id={id} label={label} error={error}>
      <select
        ref={ref}
        id={id}
        name={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hasError: Boolean(error) })}
        autoComplete={autoComplete}
        className={controlClass(Boolean(error))}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
