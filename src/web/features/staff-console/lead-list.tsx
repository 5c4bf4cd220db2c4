import { useState, type FormEvent } from "react";
import { PIPELINE_STATUSES, type PipelineStatus } from "../../../domain/incentive-pipeline";
import { DUE_KINDS, LEAD_LIST_FORMS } from "../../../domain/lead-list-filters";
import type { LeadListPage } from "../../../domain/staff-console-api";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { CONSOLE_COPY, DUE_LABELS, FORM_LABELS, STATUS_LABELS } from "../../content/staff-console";
import { DataTable, ErrorMessage, Pager, ViewHeading, ViewLink, formatDateTime, linkClass } from "./console-ui";
import { Button } from "../../components/button";
import { useStaffData } from "./use-staff-data";

const COPY = CONSOLE_COPY.leads;

interface Filters {
  q: string;
  status: string;
  form: string;
  from: string;
  to: string;
  due: string;
}

const NO_FILTERS: Filters = { q: "", status: "", form: "", from: "", to: "", due: "" };
/** The filters last applied, so coming back from a lead finds the list as it was. */
const lastFilters: Record<"leads" | "due", Filters> = { leads: NO_FILTERS, due: { ...NO_FILTERS, due: "call" } };

const queryOf = (filters: Filters, cursor?: string) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  if (cursor) params.set("cursor", cursor);
  return params.toString();
};

/** The lead list (or the due view): filters, counts per status, a page of leads, the CSV export. */
export function LeadList({ due, onOpen }: { due: boolean; onOpen: (id: string) => void }) {
  const which = due ? "due" : "leads";
  const [draft, setDraft] = useState<Filters>(lastFilters[which]);
  const [applied, setApplied] = useState<Filters>(lastFilters[which]);
  const [cursors, setCursors] = useState<string[]>([]);
  const { data: page, error } = useStaffData<LeadListPage>(`/leads?${queryOf(applied, cursors.at(-1))}`);
  const counts = useStaffData<{ counts: Record<PipelineStatus, number> }>("/leads/counts").data?.counts;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    lastFilters[which] = draft;
    setCursors([]);
    setApplied(draft);
  };
  const clear = () => {
    const cleared = due ? { ...NO_FILTERS, due: "call" } : NO_FILTERS;
    lastFilters[which] = cleared;
    setDraft(cleared);
    setCursors([]);
    setApplied(cleared);
  };
  const set = (key: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

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

      <form onSubmit={apply} aria-label={COPY.filters} className="mt-4 grid gap-x-4 rounded-lg bg-white p-4 ring-1 ring-slate-300 sm:grid-cols-2 lg:grid-cols-3">
        <TextField id="lead-search" label={COPY.search} hint={COPY.searchHint} type="search" value={draft.q} onValueChange={set("q")} />
        <SelectField
          id="lead-status"
          label={COPY.status}
          placeholder={COPY.anyStatus}
          options={PIPELINE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          value={draft.status}
          onValueChange={set("status")}
        />
        <SelectField
          id="lead-form"
          label={COPY.form}
          placeholder={COPY.anyForm}
          options={LEAD_LIST_FORMS.map((f) => ({ value: f, label: FORM_LABELS[f] ?? f }))}
          value={draft.form}
          onValueChange={set("form")}
        />
        <TextField id="lead-from" label={COPY.from} type="date" value={draft.from} onValueChange={set("from")} />
        <TextField id="lead-to" label={COPY.to} type="date" value={draft.to} onValueChange={set("to")} />
        <SelectField
          id="lead-due"
          label={COPY.due}
          placeholder={COPY.anyDue}
          options={DUE_KINDS.map((d) => ({ value: d, label: DUE_LABELS[d] }))}
          value={draft.due}
          onValueChange={set("due")}
        />
        <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3">
          <Button type="submit" tone="brand">
            {COPY.apply}
          </Button>
          <Button tone="plain" onClick={clear}>
            {COPY.clear}
          </Button>
          <a className={`${linkClass} min-h-11 content-center`} href={`/api/staff/leads.csv?${queryOf(applied)}`} download>
            {COPY.export}
          </a>
        </div>
      </form>

      <ErrorMessage message={error} />
      {page ? (
        <DataTable caption={COPY.caption} columns={Object.values(COPY.columns)} empty={page.leads.length === 0 ? COPY.empty : undefined}>
          {page.leads.map((lead) => {
            const name = `${lead.firstName} ${lead.lastName}`;
            return (
              <tr key={lead.id} className="border-t border-slate-200 align-top">
                <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(lead.receivedAt)}</td>
                <th scope="row" className="px-3 py-2 font-normal">
                  <ViewLink href={`?lead=${lead.id}`} label={COPY.open(name)} onOpen={() => onOpen(lead.id)}>
                    {name}
                  </ViewLink>
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
                <td className="px-3 py-2">{STATUS_LABELS[lead.pipelineStatus] ?? lead.pipelineStatus}</td>
              </tr>
            );
          })}
        </DataTable>
      ) : null}
      <Pager cursors={cursors} nextCursor={page?.nextCursor} onChange={setCursors} />
    </div>
  );
}
