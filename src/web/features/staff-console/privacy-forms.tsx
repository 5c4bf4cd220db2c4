import { useState, type FormEvent, type ReactNode } from "react";
import { EraseRequestSchema, PersonRequestSchema } from "../../../domain/privacy-requests";
import type { EraseAnswer, OptOutAnswer } from "../../../domain/staff-console-api";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { PRIVACY_COPY as COPY } from "../../content/staff-privacy";
import { useErrorSummaryFocus } from "../../forms/error-focus";
import { ConsoleFormErrors } from "./console-form-errors";
import { ConfirmDialog, StatusMessage } from "./console-ui";
import { usePrivacyForm } from "./use-console-form";

/** A form's frame: its heading, errors, fields and button, in a card. */
function PersonForm(props: { id: string; heading: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      aria-labelledby={`${props.id}-heading`}
      className="space-y-1 rounded-lg bg-white p-4 ring-1 ring-slate-300"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <h2 id={`${props.id}-heading`} className="text-xl font-bold">
        {props.heading}
      </h2>
      {props.children}
    </form>
  );
}

type PersonValues = { subject: string; reference: string };
type EraseValues = PersonValues & { reason: string };

/** Erase a person: who, the request's reference, why; confirmed in a dialog; says when a card in flight makes it wait. */
export function EraseForm() {
  const { summaryRef, refused } = useErrorSummaryFocus();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string>();
  const form = usePrivacyForm<EraseValues, EraseAnswer>({
    intent: "erase",
    initial: { subject: "", reference: "", reason: "" },
    schema: EraseRequestSchema,
    fields: ["subject", "reference", "reason"],
    idOf: (field) => `erase-${field}`,
    refused,
    resetOnDone: true,
    onDone: (answer) => setDone(answer.status === "erased" ? COPY.erase.done(answer.records) : answer.message),
  });
  const { values, errors } = form.state;
  return (
    <PersonForm
      id="erase"
      heading={COPY.erase.heading}
      onSubmit={() => {
        setDone(undefined);
        // Checked first; the dialog opens only for a request the server would take.
        if (EraseRequestSchema.safeParse(values).success) setConfirming(true);
        else void form.submit();
      }}
    >
      <ConsoleFormErrors summaryRef={summaryRef} items={form.summaryItems} error={form.error} />
      <TextField
        id="erase-subject"
        label={COPY.subject}
        value={values.subject}
        onValueChange={form.change("subject")}
        error={errors.subject}
        autoComplete="off"
      />
      <TextField
        id="erase-reference"
        label={COPY.reference}
        value={values.reference}
        onValueChange={form.change("reference")}
        error={errors.reference}
        autoComplete="off"
      />
      <TextField
        id="erase-reason"
        label={COPY.reason}
        hint={COPY.reasonHint}
        value={values.reason}
        onValueChange={form.change("reason")}
        error={errors.reason}
        autoComplete="off"
      />
      <StatusMessage message={done} />
      <Button type="submit" tone="brand" disabled={form.isLocked}>
        {COPY.erase.submit}
      </Button>
      <ConfirmDialog
        open={confirming || form.isBusy}
        heading={COPY.erase.confirmHeading}
        confirmLabel={COPY.erase.confirmButton}
        busyLabel={COPY.erase.busy}
        cancelLabel={COPY.erase.cancel}
        busy={form.isBusy}
        onConfirm={() => void form.submit().finally(() => setConfirming(false))}
        onCancel={() => setConfirming(false)}
      >
        <p>{COPY.erase.confirm(values.subject.trim())}</p>
      </ConfirmDialog>
    </PersonForm>
  );
}

/** Offers a JSON document as a download. */
function download(document: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: "application/json" }));
  const link = Object.assign(window.document.createElement("a"), {
    href: url,
    download: COPY.exportPerson.fileName(new Date().toISOString().slice(0, 10)),
  });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The person form of export and opt-out: who and the request's reference (optional). */
function usePersonForm<Data>(intent: "export" | "opt-out", onDone: (data: Data) => void) {
  const { summaryRef, refused } = useErrorSummaryFocus();
  const form = usePrivacyForm<PersonValues, Data>({
    intent,
    initial: { subject: "", reference: "" },
    schema: PersonRequestSchema,
    fields: ["subject", "reference"],
    idOf: (field) => `${intent}-${field}`,
    refused,
    onDone,
    resetOnDone: true,
  });
  const fields = (
    <>
      <ConsoleFormErrors summaryRef={summaryRef} items={form.summaryItems} error={form.error} />
      <TextField
        id={`${intent}-subject`}
        label={COPY.subject}
        value={form.state.values.subject}
        onValueChange={form.change("subject")}
        error={form.state.errors.subject}
        autoComplete="off"
      />
      <TextField
        id={`${intent}-reference`}
        label={COPY.referenceOptional}
        value={form.state.values.reference}
        onValueChange={form.change("reference")}
        error={form.state.errors.reference}
        autoComplete="off"
      />
    </>
  );
  return { form, fields };
}

/** Hand over everything kept about a person: the JSON document, downloaded. */
export function ExportForm() {
  const [done, setDone] = useState<string>();
  const { form, fields } = usePersonForm<unknown>("export", (document) => {
    download(document);
    setDone(COPY.exportPerson.done);
  });
  return (
    <PersonForm id="export" heading={COPY.exportPerson.heading} onSubmit={() => void form.submit()}>
      {fields}
      <StatusMessage message={done} />
      <Button type="submit" tone="plain" isBusy={form.isBusy} busyLabel={COPY.exportPerson.busy}>
        {COPY.exportPerson.submit}
      </Button>
    </PersonForm>
  );
}

/** Stop contacting a person: on the do-not-contact list, "through the console". */
export function OptOutForm() {
  const [done, setDone] = useState<string>();
  const { form, fields } = usePersonForm<OptOutAnswer>("opt-out", (answer) =>
    setDone(COPY.optOut.done(answer.recorded)),
  );
  return (
    <PersonForm id="opt-out" heading={COPY.optOut.heading} onSubmit={() => void form.submit()}>
      {fields}
      <StatusMessage message={done} />
      <Button type="submit" tone="plain" isBusy={form.isBusy} busyLabel={COPY.optOut.busy}>
        {COPY.optOut.submit}
      </Button>
    </PersonForm>
  );
}
