import { useEffect, useRef } from "react";
import { PHONE_MAX_LENGTH, formatPhone } from "../../domain/phone";
import { TextField, type TextFieldProps } from "./text-field";

/**
 * Phone input of spec 5.2: digits only, at most 10 kept, shown as (XXX) XXX-XXXX, at most 14
 * characters. `maxlength` would cut what does not fit before we see it: a pasted or autofilled
 * `+1 404 555 1234` (15 characters) would lose its last digit and become (140) 455-5123, and an
 * eleventh digit typed after the country code would be refused. So an insertion that would
 * overflow is taken whole and formatted (the domain keeps the last ten digits after a 1).
 */
export function PhoneInput(props: Omit<TextFieldProps, "type" | "inputMode" | "maxLength">) {
  const { onValueChange, ...rest } = props;
  const wrapperRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const takeWhole = (event: InputEvent) => {
      const input = event.target;
      const inserted = event.data ?? event.dataTransfer?.getData("text/plain");
      if (!(input instanceof HTMLInputElement) || !event.inputType.startsWith("insert") || !inserted) return;
      const start = input.selectionStart ?? input.value.length;
      const end = input.selectionEnd ?? start;
      const typed = input.value.slice(0, start) + inserted + input.value.slice(end);
      if (typed.length <= PHONE_MAX_LENGTH) return; // fits: the browser inserts it and onChange formats it
      event.preventDefault();
      onValueChange(formatPhone(typed));
    };
    wrapper.addEventListener("beforeinput", takeWhole);
    return () => wrapper.removeEventListener("beforeinput", takeWhole);
  }, [onValueChange]);

  return (
    // `contents`: the wrapper only listens; the field stays a direct item of the form's grid.
    <div ref={wrapperRef} className="contents">
      <TextField
        {...rest}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={PHONE_MAX_LENGTH}
        onValueChange={(value) => onValueChange(formatPhone(value))}
      />
    </div>
  );
}
