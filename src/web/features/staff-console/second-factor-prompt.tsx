import { SecondFactorCodeSchema } from "../../../domain/staff-requests";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { SECURITY_COPY } from "../../content/staff-security";
import { ConsoleFormErrors } from "./console-form-errors";
import { ViewHeading } from "./console-ui";
import { useSessionForm } from "./use-console-form";
import { useErrorSummaryFocus } from "../../forms/error-focus";

const COPY = SECURITY_COPY.prompt;

/** After the password: the code from the authenticator app, or a recovery code (the layout route's action checks it). */
export function SecondFactorPrompt() {
  const { summaryRef, refused } = useErrorSummaryFocus();
  const form = useSessionForm<{ code: string }>({
    intent: "verify",
    initial: { code: "" },
    schema: SecondFactorCodeSchema,
    fields: ["code"],
    idOf: () => "second-factor-code",
    refused,
  });
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
        <ConsoleFormErrors summaryRef={summaryRef} items={form.summaryItems} error={form.error} />
        <TextField
          id="second-factor-code"
          label={COPY.code}
          autoComplete="one-time-code"
          inputMode="text"
          value={form.state.values.code}
          onValueChange={form.change("code")}
          error={form.state.errors.code}
          required
        />
        <Button type="submit" tone="brand" className="mt-4 w-full" isBusy={form.isBusy} busyLabel={COPY.submitting}>
          {COPY.submit}
        </Button>
      </form>
    </main>
  );
}
