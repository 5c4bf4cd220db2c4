import { URGENCIES } from "../../../domain";

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
        {URGENCIES.map((option) => {
          const isChecked = value === option.value;
          return (
            <label
              key={option.value}
              className={
                "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border-2 px-4 py-2.5 text-base font-medium transition-colors has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-dark " +
                (isChecked ? "border-brand bg-brand/5 text-brand-dark" : "border-slate-400 bg-white text-slate-800 hover:border-brand")
              }
            >
              <input
                type="radio"
                name="urgency"
                value={option.value}
                checked={isChecked}
                onChange={() => onValueChange(option.value)}
                className="size-4 shrink-0 accent-brand focus-visible:outline-none"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
