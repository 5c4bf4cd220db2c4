import { Link } from "react-router";
import { PIPELINE_STATUSES, type PipelineStatus } from "../../../domain/incentive-pipeline";
import { DUE_KINDS, LEAD_LIST_FORMS, LeadListQuerySchema } from "../../../domain/lead-list-filters";
import type { LeadCounts, LeadListPage } from "../../../domain/staff-console-api";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { CONSOLE_COPY } from "../../content/staff-console";
import { DUE_LABELS, FORM_LABELS, STATUS_LABELS } from "../../content/pipeline-labels";
import { errorSummaryItems, useErrorSummaryFocus } from "../../forms/error-focus";
import { Button } from "../../components/button";
import { DataTable, Pager, ViewHeading, formatDateTime, linkClass } from "./console-ui";
import { leadPath } from "./console-paths";
import { DateRangeFields, FilterForm } from "./filter-form";
import { readFilters, searchOf, useListFilters } from "./list-filters";
import { isAdmin, requireSession } from "./staff-session";
import { readApi } from "./staff-api";
import { DoNotContactBadge } from "./do-not-contact-banner";
import { listStatusText } from "./lead-standing-text";

const COPY = CONSOLE_COPY.leads;
const FILTERS = ["q", "status", "form", "from", "to", "due"] as const;
/** The Due view is the list with "the role needs a person" chosen until another is. */
const DUE_DEFAULTS = { due: "verification" };

const dueLabel = (kind: string | undefined) => (kind ? (DUE_LABELS as Record<string, string>)[kind] : undefined) ?? "";

export interface LeadListData {
  page: LeadListPage;
  counts: Record<PipelineStatus, number> | undefined;
  canExport: boolean;
}

/** The list's read (the Leads and the Due routes): its page of leads for the address's filters and cursor, and the counts per status. */
export async function loadLeadList(request: Request, due: boolean): Promise<LeadListData> {
  const session = await requireSession();
  const query = searchOf(readFilters(new URL(request.url).search, [...FILTERS, "cursor"], due ? DUE_DEFAULTS : {}));
  const [page, counts] = await Promise.all([
    readApi<LeadListPage>(`/leads${query || "?"}`),
    due ? undefined : readApi<LeadCounts>("/leads/counts").then((answer) => answer.counts),
  ]);
  return { page, counts, canExport: isAdmin(session) };
}

/** Every reason on its own line, the one that decides first (no hover: a phone cannot). */
function DueReasons({
  reason,
  reasons = [],
  fallback,
}: {
  reason?: string | null;
  reasons?: string[];
  fallback: string;
}) {
  if (!reason) return <>{fallback}</>;
  const all = reasons.length > 0 ? reasons : [reason];
  return (
    <ul className="space-y-1">
      {all.map((line, n) => (
        <li key={line} className={n === 0 ? "font-semibold" : undefined}>
          {line}
        </li>
      ))}
    </ul>
  );
}

/**
 * The lead list (or the Due view): filters in the address, counts per status, a page of leads,
 * the CSV export. The Due view asks only which promise, and a search (decision 0035): the lead list's
 * whole filter panel is not repeated above it.
 */
export function LeadList({ due, data }: { due: boolean; data: LeadListData }) {
  const { summaryRef, refused } = useErrorSummaryFocus();
  const filters = useListFilters(FILTERS, LeadListQuerySchema, refused, due ? DUE_DEFAULTS : {});
  const { values, errors } = filters.state;
  const { page, counts, canExport } = data;
  const exportQuery = searchOf(filters.applied);

  return (
    <div>
      <ViewHeading>{due ? COPY.dueHeading : COPY.heading}</ViewHeading>
      {due ? <p className="mt-2 text-slate-700">{COPY.dueIntro}</p> : null}
      {counts && !due ? (
        <section aria-labelledby="counts-heading" className="mt-4">
          <h2 id="counts-heading" className="sr-only">
            {COPY.counts}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {PIPELINE_STATUSES.map((status) => (
              <li key={status} className="rounded-md bg-white px-3 py-1 text-sm ring-1 ring-slate-300">
                {STATUS_LABELS[status]}: <strong>{counts[status]}</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <FilterForm
        label={due ? COPY.dueFilters : COPY.filters}
        className="mt-4 grid gap-x-4 rounded-lg bg-white p-4 ring-1 ring-slate-300 sm:grid-cols-2 lg:grid-cols-3"
        summaryClassName="sm:col-span-2 lg:col-span-3"
        summaryRef={summaryRef}
        errors={errorSummaryItems(errors, FILTERS, (field) => `lead-${field === "q" ? "search" : field}`)}
        onSubmit={filters.apply}
      >
        <TextField
          id="lead-search"
          label={COPY.search}
          hint={COPY.searchHint}
          type="search"
          value={values.q}
          onValueChange={filters.set("q")}
          error={errors.q}
        />
        {due ? null : (
          <>
            <SelectField
              id="lead-status"
              label={COPY.status}
              placeholder={COPY.anyStatus}
              options={PIPELINE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
              value={values.status}
              onValueChange={filters.set("status")}
              error={errors.status}
            />
            <SelectField
              id="lead-form"
              label={COPY.form}
              placeholder={COPY.anyForm}
              options={LEAD_LIST_FORMS.map((f) => ({ value: f, label: FORM_LABELS[f] ?? f }))}
              value={values.form}
              onValueChange={filters.set("form")}
              error={errors.form}
            />
            <DateRangeFields idPrefix="lead" labels={COPY} values={values} errors={errors} onChange={filters.set} />
          </>
        )}
        <SelectField
          id="lead-due"
          label={COPY.due}
          placeholder={COPY.anyDue}
          options={DUE_KINDS.map((d) => ({ value: d, label: DUE_LABELS[d] }))}
          value={values.due}
          onValueChange={filters.set("due")}
          error={errors.due}
        />
        <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3">
          <Button type="submit" tone="brand">
            {COPY.apply}
          </Button>
          {due ? null : (
            <Button tone="plain" onClick={filters.clear}>
              {COPY.clear}
            </Button>
          )}
          {canExport ? (
            <a className={`${linkClass} min-h-11 content-center`} href={`/api/staff/leads.csv${exportQuery}`} download>
              {COPY.export}
            </a>
          ) : null}
        </div>
      </FilterForm>

      <DataTable
        caption={due ? COPY.dueCaption : COPY.caption}
        columns={[...Object.values(COPY.columns), ...(due ? [COPY.reason] : [])]}
        empty={page.leads.length === 0 ? COPY.empty : undefined}
      >
        {page.leads.map((lead) => {
          const name = `${lead.firstName} ${lead.lastName}`;
          return (
            <tr key={lead.id} className="border-t border-slate-200 align-top">
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(lead.receivedAt)}</td>
              <th scope="row" className="px-3 py-2 font-normal">
                <Link to={leadPath(lead.id, filters.here)} aria-label={COPY.open(name)} className={linkClass}>
                  {name}
                </Link>
                <DoNotContactBadge doNotContact={lead.doNotContact} />
              </th>
              <td className="px-3 py-2">
                {lead.facilityName}, {lead.location}
              </td>
              <td className="px-3 py-2 [overflow-wrap:anywhere]">
                {lead.email}
                <br />
                {lead.phone}
              </td>
              <td className="px-3 py-2">{FORM_LABELS[lead.form] ?? lead.form}</td>
              <td className="px-3 py-2">{listStatusText(lead)}</td>
              {due ? (
                <td className="px-3 py-2">
                  <DueReasons reason={lead.reason} reasons={lead.reasons} fallback={dueLabel(filters.applied.due)} />
                </td>
              ) : null}
            </tr>
          );
        })}
      </DataTable>
      <Pager isPaged={Boolean(filters.cursor)} nextCursor={page.nextCursor} onPage={filters.page} />
    </div>
  );
}
