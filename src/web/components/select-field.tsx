import type { Option } from "../../domain/enumerations";
import { Field, useFieldControl } from "./form-field";

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

export function SelectField({
  id,
  label,
  options,
  placeholder,
  value,
  onValueChange,
  error,
  autoComplete,
}: SelectFieldProps) {
  const control = useFieldControl<HTMLSelectElement>(id, value, onValueChange, { error });
  return (
    <Field id={id} label={label} error={error}>
      <select {...control} autoComplete={autoComplete}>
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
