import type { Option } from "../../domain/enumerations";
import { FieldError, fieldIds } from "./form-field";

export interface ToggleGroupProps {
  id: string;
  legend: string;
  hint?: string;
  options: readonly Option[];
  selected: readonly string[];
  onToggle: (value: string) => void;
  error?: string | undefined;
}

/** A multi-select of toggle buttons (spec 4: a second click removes the value), each exposing aria-pressed. */
export function ToggleGroup({ id, legend, hint, options, selected, onToggle, error }: ToggleGroupProps) {
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={error ? fieldIds(id).error : undefined}
      className="focus:outline-none"
    >
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      {hint ? <p className="mt-0.5 text-sm text-slate-600">{hint}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => {
          const isPressed = selected.includes(option.value);
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={isPressed}
              onClick={() => onToggle(option.value)}
              className={
                "min-h-11 min-w-16 rounded-md border-2 px-4 py-2 text-base font-semibold transition-colors " +
                (isPressed
                  ? "border-brand bg-brand text-white"
                  : "border-slate-400 bg-white text-slate-800 hover:border-brand")
              }
            >
              {option.label}
            </button>
          );
        })}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}
