import { act } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { UrgencyOptions } from "../features/qualify-wizard/urgency-options";
import { TextAreaField } from "./text-area-field";
import { ConsentCheckbox } from "./consent-checkbox";
import { PhoneInput } from "./phone-input";
import { SelectField } from "./select-field";
import { TextField } from "./text-field";

/** Every control of the form kit, each showing its form value in a data attribute. */
function Form() {
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [role, setRole] = useState("");
  const [notes, setNotes] = useState("");
  const [consent, setConsent] = useState(false);
  const [urgency, setUrgency] = useState("");
  const state = JSON.stringify({ name, phone, role, notes, consent, urgency });
  return (
    <form data-state={state}>
      <TextField id="name" label="Full Name" value={name} onValueChange={setName} />
      <PhoneInput id="phone" label="Phone" value={phone} onValueChange={setPhone} />
      <SelectField
        id="role"
        label="Role"
        placeholder="Select..."
        options={[{ value: "don", label: "Director of Nursing" }]}
        value={role}
        onValueChange={setRole}
      />
      <TextAreaField id="notes" label="Notes" value={notes} onValueChange={setNotes} />
      <ConsentCheckbox id="consent" checked={consent} onCheckedChange={setConsent} />
      <UrgencyOptions legend="Urgency" value={urgency} onValueChange={setUrgency} />
    </form>
  );
}

const state = (container: HTMLElement) =>
  JSON.parse(container.querySelector("form")!.dataset.state!) as Record<string, unknown>;

let container: HTMLElement;
afterEach(() => container.remove());

/** The prerendered page in the document, as the browser shows it before any script runs. */
function prerender() {
  container = document.createElement("div");
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  return container;
}

describe("controls changed before hydration", () => {
  it("hand what they show to the form when React hydrates them", async () => {
    const page = prerender();
    const input = <T extends Element>(selector: string) => page.querySelector<T & HTMLInputElement>(selector)!;
    // What a visitor does before the scripts arrive: the browser changes the controls natively.
    input("#name").value = "Ada Lovelace";
    input("#phone").value = "5551234567";
    page.querySelector<HTMLSelectElement>("#role")!.value = "don";
    page.querySelector<HTMLTextAreaElement>("#notes")!.value = "Nights";
    input("#consent").checked = true;
    page.querySelectorAll<HTMLInputElement>('input[name="urgency"]')[1]!.checked = true;

    await act(async () => {
      hydrateRoot(page, <Form />);
    });

    expect(state(page)).toMatchObject({
      name: "Ada Lovelace",
      phone: "(555) 123-4567",
      role: "don",
      notes: "Nights",
      consent: true,
    });
    expect(state(page).urgency).toBe(page.querySelectorAll<HTMLInputElement>('input[name="urgency"]')[1]!.value);
    // The formatted phone is what the field shows once its value comes from the form.
    expect(input("#phone").value).toBe("(555) 123-4567");
  });

  it("change nothing when nothing was touched", async () => {
    const page = prerender();
    await act(async () => {
      hydrateRoot(page, <Form />);
    });
    expect(state(page)).toEqual({ name: "", phone: "", role: "", notes: "", consent: false, urgency: "" });
  });
});
