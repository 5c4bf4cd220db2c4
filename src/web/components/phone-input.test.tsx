import { act, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { PhoneInput } from "./phone-input";

function Form({ initial = "" }: { initial?: string }) {
  const [phone, setPhone] = useState(initial);
  return <PhoneInput id="phone" label="Phone number" value={phone} onValueChange={setPhone} />;
}

/** What the browser fires before it inserts text (typing, pasting, autofill), at the caret. */
function insert(input: HTMLInputElement, text: string, inputType = "insertFromPaste") {
  const event = new InputEvent("beforeinput", { inputType, data: text, bubbles: true, cancelable: true });
  act(() => {
    input.dispatchEvent(event);
  });
  return event;
}

describe("PhoneInput", () => {
  it("takes a pasted number with the country code whole, where maxlength 14 would cut it", () => {
    render(<Form />);
    const input = screen.getByLabelText<HTMLInputElement>("Phone number");
    expect(input.maxLength).toBe(14);
    const event = insert(input, "+1 404 555 1234");
    expect(event.defaultPrevented).toBe(true);
    expect(input.value).toBe("(404) 555-1234");
  });

  it("takes the eleventh digit typed after a leading 1 and keeps the last ten", () => {
    render(<Form initial="(140) 455-5123" />);
    const input = screen.getByLabelText<HTMLInputElement>("Phone number");
    input.setSelectionRange(14, 14);
    const event = insert(input, "4", "insertText");
    expect(event.defaultPrevented).toBe(true);
    expect(input.value).toBe("(404) 555-1234");
  });

  it("leaves an insertion that fits to the browser (formatted on change as before)", () => {
    render(<Form />);
    const input = screen.getByLabelText<HTMLInputElement>("Phone number");
    expect(insert(input, "4045551234").defaultPrevented).toBe(false);
  });
});
