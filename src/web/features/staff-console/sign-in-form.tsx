import { useReducer } from "react";
import type { StaffAccount } from "../../../domain/staff-accounts";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { CONSOLE_COPY } from "../../content/staff-console";
import { formReducer, type FormState } from "../../forms/form-state";
import { useSubmit } from "../../forms/submit";
import { ErrorMessage, ViewHeading } from "./console-ui";
import { staffApi } from "./staff-api";

const COPY = CONSOLE_COPY.signIn;

export interface SignedIn {
  account: Pick<StaffAccount, "email" | "role">;
  csrfToken: string;
}

interface Credentials {
  email: string;
  password: string;
}

const reduce = formReducer<Credentials, object>({});
const START: FormState<Credentials> = { status: { kind: "editing" }, values: { email: "", password: "" }, errors: {}, honeypot: "" };

/** Email and password; one generic message when they do not match (the server's words). */
export function SignInForm({ notice, onSignedIn }: { notice?: string | undefined; onSignedIn: (session: SignedIn) => void }) {
  const [state, dispatch] = useReducer(reduce, START);
  const { values, status } = state;
  const submit = useSubmit({
    prepare: () => values,
    send: (body) => staffApi<SignedIn>("/sign-in", { method: "POST", body }),
    dispatch,
    showsServerWords: true,
    onSucceeded: (result) => onSignedIn(result.data),
  });
  const set = (field: keyof Credentials) => (value: string) => dispatch({ type: "changed", field, value });

  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <ViewHeading>{COPY.heading}</ViewHeading>
      <p className="mt-2 text-slate-700">{COPY.intro}</p>
      {notice ? <p className="mt-4 rounded-md bg-slate-100 p-3 text-slate-800">{notice}</p> : null}
      <form
        className="mt-6 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <TextField id="staff-email" label={COPY.email} type="email" autoComplete="username" value={values.email} onValueChange={set("email")} required />
        <TextField id="staff-password" label={COPY.password} type="password" autoComplete="current-password" value={values.password} onValueChange={set("password")} required />
        <ErrorMessage message={status.kind === "failed" ? status.message : undefined} />
        <Button type="submit" tone="brand" className="mt-4 w-full" isBusy={status.kind === "submitting"} busyLabel={COPY.submitting}>
          {COPY.submit}
        </Button>
      </form>
    </main>
  );
}
