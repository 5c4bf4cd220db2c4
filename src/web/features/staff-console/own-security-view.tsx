import { useState } from "react";
import { PasswordChangeSchema } from "../../../domain/staff-requests";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { SECURITY_COPY } from "../../content/staff-security";
import { fieldsOf, runAction } from "./console-actions";
import { OwnSecurityIntentSchema } from "../../../domain/staff-console-intents";
import { ConsoleFormErrors } from "./console-form-errors";
import { ErrorMessage, StatusMessage, ViewHeading } from "./console-ui";
import { SecondFactorSetup } from "./second-factor-setup";
import type { Enrolment } from "../../../domain/staff-console-api";
import type { SignedIn } from "../../../domain/staff-console-api";
import { useOwnSecurityForm } from "./use-console-form";
import { useErrorSummaryFocus } from "../../forms/error-focus";
import type { MailAlertsState } from "../../../domain/staff-mail-alerts";
import { MailAlertsForm, loadMailAlerts } from "./mail-alerts-form";
import { requireSession } from "./staff-session";
import type { AvailabilityState } from "../../../domain/booking-requests";
import { AvailabilityForm, loadAvailability } from "./availability-form";

const COPY = SECURITY_COPY;

export interface OwnSecurityData {
  session: SignedIn;
  mailAlerts: MailAlertsState | undefined;
  /** One's calls (decision 0036): availability and calendar. */
  availability: AvailabilityState | undefined;
}

/** The security route's read: who is signed in, and their e-mail alerts. */
export async function loadOwnSecurity(): Promise<OwnSecurityData> {
  const session = await requireSession();
  const [mailAlerts, availability] = await Promise.all([loadMailAlerts(), loadAvailability()]);
  return { session, mailAlerts, availability };
}

/** The security route's changes: a new key for the second factor, its confirmation, one's own password, one's e-mail alerts. */
export const changeOwnSecurity = (request: Request) =>
  runAction(request, OwnSecurityIntentSchema, (change, post) => {
    switch (change.intent) {
      case "mail-alerts":
        return post("/mail-alerts", fieldsOf(change), "PUT");
      case "availability":
        return post("/availability", fieldsOf(change), "PUT");
      // From a signed-in session a new key takes the owner's proof: the password, and the present factor's code (decision 0026).
      case "setup":
        return post("/second-factor/setup", fieldsOf(change));
      case "confirm":
        return post("/second-factor/confirm", fieldsOf(change));
      case "password":
        return post("/password", fieldsOf(change));
    }
  });

/** Everyone's own security: the second factor (on, or set it up), a password change, and one's e-mail alerts. */
export function OwnSecurityView({ data: { session, mailAlerts, availability } }: { data: OwnSecurityData }) {
  const [settingUp, setSettingUp] = useState(false);
  // In place: the key is made by this route's action (a change: the pending key is stored).
  const setup = useOwnSecurityForm<{ password: string; code: string }, Enrolment>({
    intent: "setup",
    initial: { password: "", code: "" },
    body: ({ password, code }) => ({ password, ...(session.account.secondFactor ? { code } : {}) }),
    resetOnDone: true,
  });
  const proof = setup.state.values;
  const enrolment = setup.answer?.ok ? setup.answer.data : undefined;
  if (settingUp && enrolment)
    return <SecondFactorSetup required={false} enrolment={enrolment} onContinue={() => setSettingUp(false)} />;
  return (
    <section>
      <ViewHeading>{COPY.nav.security}</ViewHeading>
      <p className="mt-4">{session.account.secondFactor ? COPY.setup.active : COPY.setup.inactive}</p>
      <form
        className="mt-3 max-w-md space-y-2"
        aria-label={session.account.secondFactor ? COPY.setup.replace : COPY.setup.start}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSettingUp(true);
          void setup.submit();
        }}
      >
        <p className="text-slate-700">{COPY.setup.proofIntro}</p>
        <TextField
          id="setup-password"
          label={COPY.setup.proofPassword}
          type="password"
          autoComplete="current-password"
          value={proof.password}
          onValueChange={setup.change("password")}
          required
        />
        {session.account.secondFactor ? (
          <TextField
            id="setup-code"
            label={COPY.setup.proofCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={proof.code}
            onValueChange={setup.change("code")}
            required
          />
        ) : null}
        <Button type="submit" tone="plain" isBusy={setup.isBusy} busyLabel={COPY.setup.loading}>
          {session.account.secondFactor ? COPY.setup.replace : COPY.setup.start}
        </Button>
      </form>
      <ErrorMessage message={setup.error} />
      <PasswordChangeForm />
      {mailAlerts ? <MailAlertsForm alerts={mailAlerts} /> : null}
      {availability ? <AvailabilityForm availability={availability} /> : null}
    </section>
  );
}

function PasswordChangeForm() {
  const [done, setDone] = useState<string>();
  const copy = COPY.password;
  const { summaryRef, refused } = useErrorSummaryFocus();
  const form = useOwnSecurityForm<{ currentPassword: string; newPassword: string }>({
    intent: "password",
    initial: { currentPassword: "", newPassword: "" },
    schema: PasswordChangeSchema,
    fields: ["currentPassword", "newPassword"],
    idOf: (field) => (field === "currentPassword" ? "current-password" : "new-password"),
    refused,
    onDone: () => setDone(copy.changed),
  });
  return (
    <form
      className="mt-10 max-w-md space-y-2"
      aria-labelledby="password-change-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setDone(undefined);
        void form.submit();
      }}
    >
      <h2 id="password-change-heading" className="text-xl font-bold">
        {copy.heading}
      </h2>
      <p className="text-slate-700">{copy.intro}</p>
      <ConsoleFormErrors summaryRef={summaryRef} items={form.summaryItems} error={form.error} />
      <TextField
        id="current-password"
        label={copy.current}
        type="password"
        autoComplete="current-password"
        value={form.state.values.currentPassword}
        onValueChange={form.change("currentPassword")}
        error={form.state.errors.currentPassword}
        required
      />
      <TextField
        id="new-password"
        label={copy.next}
        hint={copy.nextHint}
        type="password"
        autoComplete="new-password"
        value={form.state.values.newPassword}
        onValueChange={form.change("newPassword")}
        error={form.state.errors.newPassword}
        required
      />
      <StatusMessage message={done} />
      <Button type="submit" tone="brand" isBusy={form.isBusy} busyLabel={copy.submitting} disabled={form.isLocked}>
        {copy.submit}
      </Button>
    </form>
  );
}
