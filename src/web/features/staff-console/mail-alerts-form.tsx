import { useState } from "react";
import { MailAlertsSchema, type MailAlertsState } from "../../../domain/staff-mail-alerts";
import { Button } from "../../components/button";
import { SECURITY_COPY } from "../../content/staff-security";
import { useOwnSecurityForm } from "./use-console-form";
import { ErrorMessage, StatusMessage } from "./console-ui";
import { staffApi } from "./staff-api";

const COPY = SECURITY_COPY.mailAlerts;

/** The security route's read of one's own alerts (GET /api/staff/mail-alerts); undefined when refused (the switch is then left out). */
export async function loadMailAlerts(): Promise<MailAlertsState | undefined> {
  const answer = await staffApi<MailAlertsState>("/mail-alerts");
  return answer.ok ? answer.data : undefined;
}

/**
 * "E-mail me when a lead qualifies" for the signed-in account (decision 0023), on the console's form
 * hook: checked with the schema the server parses it with, one save at a time, the server's words
 * on refusal; sent through the security route's action (PUT /api/staff/mail-alerts).
 */
export function MailAlertsForm({ alerts }: { alerts: MailAlertsState }) {
  const [saved, setSaved] = useState<string>();
  const form = useOwnSecurityForm<{ on: boolean }, MailAlertsState>({
    intent: "mail-alerts",
    initial: { on: alerts.on },
    schema: MailAlertsSchema,
    // Editable again at once, holding what the server saved.
    resetOnDone: (data) => ({ on: data.on }),
    onDone: (data) => setSaved(data.on ? COPY.savedOn : COPY.savedOff),
  });
  const { state, submit } = form;
  const busy = form.isBusy;

  return (
    <form
      className="mt-10 max-w-md space-y-2"
      aria-labelledby="mail-alerts-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(undefined);
        void submit();
      }}
    >
      <h2 id="mail-alerts-heading" className="text-xl font-bold">
        {COPY.heading}
      </h2>
      {alerts.mailConfigured ? null : <p className="text-slate-700">{COPY.notConfigured}</p>}
      <div className="flex items-start gap-3">
        <input
          id="mail-alerts-on"
          type="checkbox"
          checked={state.values.on}
          disabled={busy}
          onChange={(event) => form.change("on")(event.target.checked)}
          aria-describedby="mail-alerts-on-hint"
          className="mt-1 size-5 shrink-0 accent-brand"
        />
        <div>
          <label htmlFor="mail-alerts-on" className="font-semibold text-slate-800">
            {COPY.label}
          </label>
          <p id="mail-alerts-on-hint" className="text-sm text-slate-600">
            {COPY.hint}
          </p>
        </div>
      </div>
      <ErrorMessage message={state.status.kind === "failed" ? state.status.message : undefined} />
      <StatusMessage message={saved} />
      <Button type="submit" tone="plain" isBusy={busy} busyLabel={COPY.saving}>
        {COPY.save}
      </Button>
    </form>
  );
}
