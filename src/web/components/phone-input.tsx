import { PHONE_MAX_LENGTH, formatPhone } from "../../domain";
import { TextField, type TextFieldProps } from "./text-field";

/** Phone input of spec 5.2: digits only, at most 10 kept, shown as (XXX) XXX-XXXX. */
export function PhoneInput(props: Omit<TextFieldProps, "type" | "inputMode" | "maxLength">) {
  const { onValueChange, ...rest } = props;
  return (
    <TextField
      {...rest}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      maxLength={PHONE_MAX_LENGTH}
      onValueChange={(value) => onValueChange(formatPhone(value))}
    />
  );
}
