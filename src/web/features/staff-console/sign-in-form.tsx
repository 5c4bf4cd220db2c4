import { useState, type FormEvent } from "react";
import { TextField } from "../../components/text-field";
import { CONSOLE_COPY } from "../../content/staff-console";
import { ErrorMessage, ViewHeading, buttonClass } from "./console-ui";
import { staffApi, type Account } from "./staff-api";

const COPY = CONSOLE_COPY.signIn;

export interface SignedIn {
  account: Pick<Account, "email" | "role"> & { secondFactor?: boolean };
  csrfToken: string;
  /** full; second_factor: the code is asked next; enrol: a second factor must be set up first. */
  stage?: "full" | "second_factor" | "enrol";
}

/** Email and password; one generic message when they do not match (the server's words). */
export function SignInForm({ notice, onSignedIn }: { notice?: string | undefined; onSignedIn: (session: SignedIn) => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const result = await staffApi<SignedIn>("/sign-in", { method: "POST", body: { email, password } });
    setBusy(false);
    if (result.ok) {
      setPassword("");
      onSignedIn(result.data);
    } else setError(result.error);
  };

  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <ViewHeading>{COPY.heading}</ViewHeading>
      <p className="mt-2 text-slate-700">{COPY.intro}</p>
      {notice ? <p className="mt-4 rounded-md bg-slate-100 p-3 text-slate-800">{notice}</p> : null}
      <form className="mt-6 space-y-2" onSubmit={submit} noValidate>
        <TextField id="staff-email" label={COPY.email} type="email" autoComplete="username" value={email} onValueChange={setEmail} required />
        <TextField id="staff-password" label={COPY.password} type="password" autoComplete="current-password" value={password} onValueChange={setPassword} required />
        <ErrorMessage message={error} />
        <button type="submit" className={`${buttonClass} mt-4 w-full`} disabled={busy}>
          {busy ? COPY.submitting : COPY.submit}
        </button>
      </form>
    </main>
  );
}
