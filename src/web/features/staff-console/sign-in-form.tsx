import { SignInSchema } from "../../../domain/staff-requests";
import type { SignedIn } from "../../../domain/staff-console-api";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { CONSOLE_COPY } from "../../content/staff-console";
import { ConsoleFormErrors } from "./console-form-errors";
import { ViewHeading } from "./console-ui";
import { useSessionForm } from "./use-console-form";
import { useErrorSummaryFocus } from "../../forms/error-focus";

const COPY = CONSOLE_COPY.signIn;

/** Email and password; one generic message when they do not match (the server's words). The console's layout route signs in. */
export function SignInForm({ notice }: { notice?: string | undefined }) {
  const { summaryRef, refused } = useErrorSummaryFocus();
  const form = useSessionForm<{ email: string; password: string }, SignedIn>({
    intent: "sign-in",
    initial: { email: "", password: "" },
    schema: SignInSchema,
    fields: ["email", "password"],
    idOf: (field) => `staff-${field}`,
    refused,
  });
  const { values, errors } = form.state;

  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <ViewHeading>{COPY.heading}</ViewHeading>
      <p className="mt-2 text-slate-700">{COPY.intro}</p>
      {notice ? <p className="mt-4 rounded-md bg-slate-100 p-3 text-slate-800">{notice}</p> : null}
      <form
        className="mt-6 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit();
        }}
        noValidate
      >
        <ConsoleFormErrors summaryRef={summaryRef} items={form.summaryItems} error={form.error} />
        <TextField
          id="staff-email"
          label={COPY.email}
          type="email"
          autoComplete="username"
          value={values.email}
          onValueChange={form.change("email")}
          error={errors.email}
          required
        />
        <TextField
          id="staff-password"
          label={COPY.password}
          type="password"
          autoComplete="current-password"
          value={values.password}
          onValueChange={form.change("password")}
          error={errors.password}
          required
        />
        <Button type="submit" tone="brand" className="mt-4 w-full" isBusy={form.isBusy} busyLabel={COPY.submitting}>
          {COPY.submit}
        </Button>
      </form>
    </main>
  );
}
