import { useState } from "react";
import { Button } from "../../components/button";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { SECURITY_COPY, SECURITY_EVENT_OPTIONS } from "../../content/staff-security";
import { DataTable, ErrorMessage, ViewHeading } from "./console-ui";
import type { SecurityLogEntry, SecurityLogPage } from "../../../domain/staff-console-api";
import { staffApi } from "./staff-api";
import { useStaffData } from "./use-staff-data";

const COPY = SECURITY_COPY.log;

interface Filters {
  kind: string;
  account: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { kind: "", account: "", from: "", to: "" };
const queryOf = (filters: Filters, before?: string) => new URLSearchParams(Object.entries({ ...filters, ...(before ? { before } : {}) }).filter(([, v]) => v !== ""));

const kindLabel = (kind: string) => SECURITY_EVENT_OPTIONS.find((o) => o.value === kind)?.label ?? kind;
const detailText = (detail: SecurityLogEntry["detail"]) => (detail ? Object.entries(detail).map(([k, v]) => `${k}: ${String(v)}`).join(", ") : "");

/** Admins read the security log, newest first, filtered by kind of event, account and dates. */
export function SecurityLogView() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const first = useStaffData<SecurityLogPage>(`/security-events?${queryOf(applied)}`);
  // Older pages, fetched on demand, for the filters they were asked under.
  const [older, setOlder] = useState<{ filters: Filters; events: SecurityLogEntry[]; next: string | null }>();
  const [olderError, setOlderError] = useState<{ error: string; fields: Record<string, string> }>();
  const events = [...(first.data?.events ?? []), ...(older?.filters === applied ? older.events : [])];
  const next = older?.filters === applied ? older.next : (first.data?.nextBefore ?? null);
  const error = olderError?.error ?? first.error;
  const fields = olderError?.fields ?? {};

  const show = (filters: Filters) => {
    setOlderError(undefined);
    setOlder(undefined);
    setApplied({ ...filters });
  };
  const more = async (before: string) => {
    const result = await staffApi<SecurityLogPage>(`/security-events?${queryOf(applied, before)}`);
    if (!result.ok) return setOlderError({ error: result.error, fields: result.fields });
    setOlder((shown) => ({ filters: applied, events: [...(shown?.filters === applied ? shown.events : []), ...result.data.events], next: result.data.nextBefore }));
  };

  const set = (field: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  return (
    <section>
      <ViewHeading>{COPY.heading}</ViewHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{COPY.intro}</p>
      <form
        aria-label={COPY.filters}
        className="mt-4 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          show(draft);
        }}
      >
        <SelectField id="log-kind" label={COPY.kind} placeholder={COPY.anyKind} options={SECURITY_EVENT_OPTIONS} value={draft.kind} onValueChange={set("kind")} error={fields.kind} />
        <TextField id="log-account" label={COPY.account} type="email" value={draft.account} onValueChange={set("account")} error={fields.account} />
        <TextField id="log-from" label={COPY.from} type="date" value={draft.from} onValueChange={set("from")} error={fields.from} />
        <TextField id="log-to" label={COPY.to} type="date" value={draft.to} onValueChange={set("to")} error={fields.to} />
        <Button type="submit" tone="brand" className="mb-4">
          {COPY.apply}
        </Button>
      </form>
      <ErrorMessage message={error} />
      {events.length === 0 && !error ? <p className="mt-4">{COPY.empty}</p> : null}
      {events.length > 0 ? (
        <DataTable caption={COPY.heading} columns={Object.values(COPY.columns)}>
          {events.map((event) => (
            <tr key={event.id} className="border-t border-slate-200 align-top">
              <td className="px-3 py-2 whitespace-nowrap">{new Date(event.at).toLocaleString()}</td>
              <td className="px-3 py-2">{kindLabel(event.kind)}</td>
              <td className="px-3 py-2 break-all">{event.actorEmail}</td>
              <td className="px-3 py-2 break-all">{event.subjectEmail}</td>
              <td className="px-3 py-2">{event.clientIp}</td>
              <td className="px-3 py-2">{event.rowCount ?? ""}</td>
              <td className="px-3 py-2">{detailText(event.detail)}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {next ? (
        <Button tone="plain" className="mt-4" onClick={() => void more(next)}>
          {COPY.more}
        </Button>
      ) : null}
    </section>
  );
}
