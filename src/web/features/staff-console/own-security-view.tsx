import { useState } from "react";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { SECURITY_COPY } from "../../content/staff-security";
import { ErrorMessage, StatusMessage, ViewHeading } from "./console-ui";
import { SecondFactorSetup } from "./second-factor-setup";
import type { SignedIn } from "./sign-in-form";
import { useConsoleForm } from "./use-console-form";

const COPY = SECURITY_COPY;

/** Everyone's own security: the second factor (on, or set it up) and a password change. */
export function OwnSecurityView({ session, onSession }: { session: SignedIn; onSession: (session: SignedIn) => void }) {
  const [settingUp, setSettingUp] = useState(false);
  if (settingUp) {
    return (
      <SecondFactorSetup
        required={false}
        onDone={(next) => {
          setSettingUp(false);
          onSession(next);
        }}
      />
    );
  }
  return (
    <section>
      <ViewHeading>{COPY.nav.security}</ViewHeading>
      <p className="mt-4">{session.account.secondFactor ? COPY.setup.active : COPY.setup.inactive}</p>
      <Button tone="plain" className="mt-3" onClick={() => setSettingUp(true)}>
        {session.account.secondFactor ? COPY.setup.replace : COPY.setup.start}
      </Button>
      <PasswordChangeForm onChanged={onSession} />
    </section>
  );
}

function PasswordChangeForm({ onChanged }: { onChanged: (session: SignedIn) => void }) {
  const [done, setDone] = useState<string>();
  const form = useConsoleForm<{ currentPassword: string; newPassword: string }, SignedIn>("/password", { currentPassword: "", newPassword: "" }, (session) => {
    setDone(COPY.password.changed);
    onChanged(session);
  });
  const copy = COPY.password;
  return (
    <form
      className="mt-10 max-w-md space-y-2"
      aria-labelledby="password-change-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <h2 id="password-change-heading" className="text-xl font-bold">
        {copy.heading}
      </h2>
      <p className="text-slate-700">{copy.intro}</p>
      <TextField id="current-password" label={copy.current} type="password" autoComplete="current-password" value={form.state.values.currentPassword} onValueChange={form.change("currentPassword")} error={form.state.errors.currentPassword} required />
      <TextField id="new-password" label={copy.next} hint={copy.nextHint} type="password" autoComplete="new-password" value={form.state.values.newPassword} onValueChange={form.change("newPassword")} error={form.state.errors.newPassword} required />
      <ErrorMessage message={form.state.errors.currentPassword || form.state.errors.newPassword ? undefined : form.error} />
      <StatusMessage message={done} />
      <Button type="submit" tone="brand" isBusy={form.isBusy} busyLabel={copy.submitting} disabled={form.isLocked}>
        {copy.submit}
      </Button>
    </form>
  );
}
