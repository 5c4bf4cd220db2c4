import { HONEYPOT_FIELD } from "../../domain/honeypot";
import { useValueShownOnMount } from "./use-value-shown-on-mount";
import { FORM_LABELS } from "../content/form-labels";

/**
 * A field people never see and so leave empty; bots fill it in. Hidden from sight and from
 * assistive technology, and out of the tab order.
 */
export function HoneypotField({
  value,
  onValueChange,
  id = `hp-${HONEYPOT_FIELD}`,
}: {
  value: string;
  onValueChange: (value: string) => void;
  /** Needed when two forms share a page (the nurse dialog over the qualification form). */
  id?: string;
}) {
  // A bot that fills the prerendered form before hydration is still caught.
  const ref = useValueShownOnMount<HTMLInputElement>(value, onValueChange);
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{FORM_LABELS.honeypot}</label>
      <input
        ref={ref}
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </div>
  );
}
