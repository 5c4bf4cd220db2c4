import { useEffect, useState } from "react";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { SECURITY_COPY } from "../../content/staff-security";
import { ErrorMessage, ViewHeading } from "./console-ui";
import type { SignedIn } from "./sign-in-form";
import { staffApi } from "./staff-api";
import { useConsoleForm } from "./use-console-form";

const COPY = SECURITY_COPY.setup;

interface Enrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}
type Confirmed = SignedIn & { recoveryCodes: string[] };

/**
 * Setting up the authenticator app: the server makes a key and draws its QR code (an SVG, shown
 * as an image: nothing from elsewhere), a code confirms it, then the ten recovery codes are shown once.
 */
export function SecondFactorSetup({ required, onDone }: { required: boolean; onDone: (session: SignedIn) => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [loadError, setLoadError] = useState<string>();
  const [confirmed, setConfirmed] = useState<Confirmed>();
  const form = useConsoleForm<{ code: string }, Confirmed>("/second-factor/confirm", { code: "" }, setConfirmed);

  useEffect(() => {
    void staffApi<Enrolment>("/second-factor/setup", { method: "POST" }).then((result) => (result.ok ? setEnrolment(result.data) : setLoadError(result.error)));
  }, []);

  if (confirmed) return <RecoveryCodes codes={confirmed.recoveryCodes} onContinue={() => onDone(confirmed)} />;
  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <ViewHeading>{COPY.heading}</ViewHeading>
      <p className="mt-2 text-slate-700">{required ? COPY.requiredIntro : COPY.optionalIntro}</p>
      <ErrorMessage message={loadError} />
      {enrolment ? (
        <>
          <p className="mt-6">{COPY.step1}</p>
          <img className="mt-3 h-56 w-56 border border-slate-300 bg-white" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`} alt={COPY.qrAlt} />
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
            <TextField id="second-factor-confirm" label={COPY.code} autoComplete="one-time-code" inputMode="numeric" value={form.state.values.code} onValueChange={form.change("code")} error={form.state.errors.code} required />
            <ErrorMessage message={form.state.errors.code ? undefined : form.error} />
            <Button type="submit" tone="brand" className="mt-4" isBusy={form.isBusy} busyLabel={COPY.submitting}>
              {COPY.submit}
            </Button>
          </form>
        </>
      ) : loadError ? null : (
        <p className="mt-6">{COPY.loading}</p>
      )}
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
