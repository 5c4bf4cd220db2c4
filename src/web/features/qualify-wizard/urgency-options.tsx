import { URGENCIES } from "../../../domain/enumerations";
import { useCheckedShownOnMount } from "../../components/use-value-shown-on-mount";

export interface UrgencyOptionsProps {
  legend: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** Urgency as a single-select radio group, each choice shown with its meaning (spec 3.4). */
export function UrgencyOptions({ legend, value, onValueChange }: UrgencyOptionsProps) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {URGENCIES.map((option) => (
          <UrgencyChoice
            key={option.value}
            value={option.value}
            label={option.label}
            isChecked={value === option.value}
            onChoose={() => onValueChange(option.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}

interface UrgencyChoiceProps {
  value: string;
  label: string;
  isChecked: boolean;
  onChoose: () => void;
}

function UrgencyChoice({ value, label, isChecked, onChoose }: UrgencyChoiceProps) {
  // A choice made before hydration (the radio checked on screen) is chosen in the form too.
  const ref = useCheckedShownOnMount(isChecked, (checked) => checked && onChoose());
  return (
    <label
      className={
        "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border-2 px-4 py-2.5 text-base font-medium transition-colors has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-dark " +
        (isChecked
          ? "border-brand bg-brand/5 text-brand-dark"
          : "border-slate-400 bg-white text-slate-800 hover:border-brand")
      }
    >
      <input
        ref={ref}
        type="radio"
        name="urgency"
        value={value}
        checked={isChecked}
        onChange={onChoose}
        className="size-4 shrink-0 accent-brand focus-visible:outline-none"
      />
      {label}
    </label>
  );
}
