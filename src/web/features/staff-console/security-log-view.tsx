import { SecurityEventQuerySchema } from "../../../domain/staff-requests";
import type { SecurityLogEntry, SecurityLogPage } from "../../../domain/staff-console-api";
import { Button } from "../../components/button";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { CONSOLE_COPY } from "../../content/staff-console";
import { SECURITY_COPY, SECURITY_EVENT_OPTIONS } from "../../content/staff-security";
import { errorSummaryItems, useErrorSummaryFocus } from "../../forms/error-focus";
import { securityEventSentence } from "../../../domain/security-log-sentences";
import { DataTable, ErrorMessage, ViewHeading, formatDateTime } from "./console-ui";
import { CONSOLE_PATHS } from "./console-paths";
import { DateRangeFields, FilterForm } from "./filter-form";
import { LogSentence } from "./log-sentence";
import { readFilters, searchOf, useListFilters } from "./list-filters";
import { requireAdmin } from "./staff-session";
import { staffApi, type ApiResult } from "./staff-api";

const COPY = SECURITY_COPY.log;
const FILTERS = ["kind", "account", "from", "to"] as const;
/** How many pages of older events the address asks for at most (each "Show older events" adds one). */
const MAX_PAGES = 20;

export interface SecurityLogData {
  events: SecurityLogEntry[];
  next: string | null;
  /** The server's refusal of the filters: its words, and one per field. */
  refusal?: { error: string; fields: Record<string, string> };
}

/**
 * The security log route's read: the newest events for the address's filters, and as many
 * older pages as its `pages` asks for ("Show older events" adds one), so a reload, Back or a
 * copied link shows the same rows.
 */
export async function loadSecurityLog(request: Request): Promise<SecurityLogData> {
  await requireAdmin(CONSOLE_COPY.refused.securityLog);
  const search = new URL(request.url).search;
  const filters = readFilters(search, FILTERS);
  const pages = Math.min(MAX_PAGES, Math.max(1, Number(readFilters(search, ["pages"]).pages) || 1));
  const events: SecurityLogEntry[] = [];
  let before: string | null = null;
  for (let page = 0; page < pages; page++) {
    const answer: ApiResult<SecurityLogPage> = await staffApi<SecurityLogPage>(
      `/security-events${searchOf(filters, {}, before ? { before } : {}) || "?"}`,
    );
    if (!answer.ok) return { events, next: null, refusal: { error: answer.error, fields: answer.fields } };
    events.push(...answer.data.events);
    before = answer.data.nextBefore;
    if (!before) break;
  }
  return { events, next: before };
}

/** Admins read the security log, newest first, filtered by kind of event, account and dates (in the address). */
export function SecurityLogView({ data }: { data: SecurityLogData }) {
  const { summaryRef, refused } = useErrorSummaryFocus();
  const filters = useListFilters(FILTERS, SecurityEventQuerySchema, refused);
  const { values } = filters.state;
  const errors = { ...data.refusal?.fields, ...filters.state.errors };
  const { events, next, refusal } = data;
  const pages = Number(filters.params.get("pages")) || 1;
  return (
    <section>
      <ViewHeading>{COPY.heading}</ViewHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{COPY.intro}</p>
      <FilterForm
        label={COPY.filters}
        className="mt-4 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        summaryClassName="sm:col-span-2 lg:col-span-5"
        summaryRef={summaryRef}
        errors={errorSummaryItems(filters.state.errors, FILTERS, (field) => `log-${field}`)}
        onSubmit={filters.apply}
      >
        <SelectField
          id="log-kind"
          label={COPY.kind}
          placeholder={COPY.anyKind}
          options={SECURITY_EVENT_OPTIONS}
          value={values.kind}
          onValueChange={filters.set("kind")}
          error={errors.kind}
        />
        <TextField
          id="log-account"
          label={COPY.account}
          type="email"
          value={values.account}
          onValueChange={filters.set("account")}
          error={errors.account}
        />
        <DateRangeFields idPrefix="log" labels={COPY} values={values} errors={errors} onChange={filters.set} />
        <Button type="submit" tone="brand" className="mb-4">
          {COPY.apply}
        </Button>
      </FilterForm>
      <ErrorMessage message={refusal?.error} />
      {events.length === 0 && !refusal ? <p className="mt-4">{COPY.empty}</p> : null}
      {events.length > 0 ? (
        <DataTable caption={COPY.heading} columns={Object.values(COPY.columns)}>
          {events.map((event) => (
            <tr key={event.id} className="border-t border-slate-200 align-top">
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(event.at)}</td>
              <td className="px-3 py-2">
                <LogSentence parts={securityEventSentence(event)} from={CONSOLE_PATHS.securityLog} />
              </td>
              <td className="px-3 py-2">{event.clientIp}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {next && pages < MAX_PAGES ? (
        <Button
          tone="plain"
          className="mt-4"
          onClick={() =>
            filters.go(searchOf(filters.applied, {}, { pages: String(pages + 1) }), { preventScrollReset: true })
          }
        >
          {COPY.more}
        </Button>
      ) : null}
    </section>
  );
}
