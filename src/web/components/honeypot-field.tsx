import { HONEYPOT_FIELD } from "../../domain";

/**
 * A field people never see and so leave empty; bots fill it in. Hidden from sight and from
 * assistive technology, and out of the tab order.
 */
export function HoneypotField({ value, onValueChange }: { value: string; onValueChange: (value: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`hp-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input
        id={`hp-${HONEYPOT_FIELD}`}
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
