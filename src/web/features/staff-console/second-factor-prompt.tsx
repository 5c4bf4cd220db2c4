import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { SECURITY_COPY } from "../../content/staff-security";
import { ErrorMessage, ViewHeading } from "./console-ui";
import type { SignedIn } from "./sign-in-form";
import { useConsoleForm } from "./use-console-form";

const COPY = SECURITY_COPY.prompt;

/** After the password: the code from the authenticator app, or a recovery code. */
export function SecondFactorPrompt({ onSignedIn }: { onSignedIn: (session: SignedIn) => void }) {
  const form = useConsoleForm<{ code: string }, SignedIn>("/second-factor/verify", { code: "" }, onSignedIn);
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <ViewHeading>{COPY.heading}</ViewHeading>
      <p className="mt-2 text-slate-700">{COPY.intro}</p>
      <form
        className="mt-6 space-y-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit();
        }}
      >
        <TextField id="second-factor-code" label={COPY.code} autoComplete="one-time-code" inputMode="text" value={form.state.values.code} onValueChange={form.change("code")} error={form.state.errors.code} required />
        <ErrorMessage message={form.state.errors.code ? undefined : form.error} />
        <Button type="submit" tone="brand" className="mt-4 w-full" isBusy={form.isBusy} busyLabel={COPY.submitting}>
          {COPY.submit}
        </Button>
      </form>
    </main>
  );
}
