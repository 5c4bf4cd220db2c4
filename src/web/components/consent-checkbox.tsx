import { CONSENT_TEXT } from "../../domain/consent";
import { FieldError, describedBy } from "./form-field";
import { useCheckedShownOnMount } from "./use-value-shown-on-mount";

export interface ConsentCheckboxProps {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | undefined;
}

/** The consent checkbox with the text of spec 5.5 as its label (one component for both forms). */
export function ConsentCheckbox({ id, checked, onCheckedChange, error }: ConsentCheckboxProps) {
  const ref = useCheckedShownOnMount(checked, onCheckedChange);
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={id}
          name={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hasError: Boolean(error) })}
          className="mt-1 size-5 shrink-0 accent-brand"
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {CONSENT_TEXT}
        </label>
      </div>
      <FieldError id={id} message={error} />
    </div>
  );
}
