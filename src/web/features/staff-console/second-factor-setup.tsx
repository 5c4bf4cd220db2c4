import { useState } from "react";
import { SecondFactorCodeSchema } from "../../../domain/staff-requests";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { SECURITY_COPY } from "../../content/staff-security";
import { ConsoleFormErrors } from "./console-form-errors";
import { ViewHeading } from "./console-ui";
import type { Enrolment, SecondFactorConfirmed } from "../../../domain/staff-console-api";
import { useSessionForm } from "./use-console-form";
import { useErrorSummaryFocus } from "../../forms/error-focus";

const COPY = SECURITY_COPY.setup;

/**
 * Setting up the authenticator app: the server's key and its QR code (an SVG, shown as an image:
 * nothing from elsewhere; the route got it), a code confirms it through the route's action
 * ("confirm"), then the ten recovery codes are shown once; Continue goes on (`onContinue`).
 */
export function SecondFactorSetup({
  required,
  enrolment,
  onContinue,
}: {
  required: boolean;
  enrolment: Enrolment;
  onContinue: () => void;
}) {
  const [confirmed, setConfirmed] = useState<SecondFactorConfirmed>();
  const { summaryRef, refused } = useErrorSummaryFocus();
  const form = useSessionForm<{ code: string }, SecondFactorConfirmed>({
    intent: "confirm",
    initial: { code: "" },
    schema: SecondFactorCodeSchema,
    fields: ["code"],
    idOf: () => "second-factor-confirm",
    refused,
    onDone: setConfirmed,
  });

  if (confirmed) return <RecoveryCodes codes={confirmed.recoveryCodes} onContinue={onContinue} />;
  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <ViewHeading>{COPY.heading}</ViewHeading>
      <p className="mt-2 text-slate-700">{required ? COPY.requiredIntro : COPY.optionalIntro}</p>
      <p className="mt-6">{COPY.step1}</p>
      <img
        className="mt-3 h-56 w-56 border border-slate-300 bg-white"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt={COPY.qrAlt}
      />
      <p className="mt-4">{COPY.step2}</p>
      <p className="mt-1 font-mono text-lg tracking-wider break-all" data-testid="second-factor-key">
        {enrolment.secret}
      </p>
      <form
        className="mt-6 space-y-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit();
        }}
      >
        <p>{COPY.step3}</p>
        <ConsoleFormErrors summaryRef={summaryRef} items={form.summaryItems} error={form.error} />
        <TextField
          id="second-factor-confirm"
          label={COPY.code}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={form.state.values.code}
          onValueChange={form.change("code")}
          error={form.state.errors.code}
          required
        />
        <Button type="submit" tone="brand" className="mt-4" isBusy={form.isBusy} busyLabel={COPY.submitting}>
          {COPY.submit}
        </Button>
      </form>
    </section>
  );
}

function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const copy = SECURITY_COPY.recovery;
  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <ViewHeading>{copy.heading}</ViewHeading>
      <p className="mt-2 text-slate-700">{copy.intro}</p>
      <ul aria-label={copy.listLabel} className="mt-4 grid grid-cols-2 gap-2 font-mono text-lg">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button tone="brand" className="mt-6" onClick={onContinue}>
        {copy.done}
      </Button>
    </section>
  );
}
