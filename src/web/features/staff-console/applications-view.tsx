import { useState, type FormEvent } from "react";
import { CLASSIFICATIONS, labelOf } from "../../../domain";
import { TextField } from "../../components/text-field";
import { CONSOLE_COPY } from "../../content/staff-console";
import { DataTable, Details, ErrorMessage, Pager, ViewHeading, ViewLink, formatDateTime } from "./console-ui";
import { Button } from "../../components/button";
import { useStaffData } from "./use-staff-data";

const COPY = CONSOLE_COPY.applications;
const F = CONSOLE_COPY.fields;

interface ApplicationSummary {
  id: string;
  receivedAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  classification: string;
  desiredLocation: string;
}
interface Application extends ApplicationSummary {
  zipCode: string;
  message: string;
  subject: string;
  source: string;
  timestamp: string;
  userAgent: string | null;
  clientIp: string | null;
}

/** Nurse applications: a searchable list, newest first, and one application's every field. */
export function ApplicationsView({ selected, onOpen, onBack }: { selected?: string; onOpen: (id: string) => void; onBack: () => void }) {
  return selected ? <ApplicationDetail id={selected} onBack={onBack} /> : <ApplicationList onOpen={onOpen} />;
}

function ApplicationList({ onOpen }: { onOpen: (id: string) => void }) {
  const [q, setQ] = useState("");
  const [cursors, setCursors] = useState<string[]>([]);
  const [applied, setApplied] = useState("");
  const params = new URLSearchParams();
  if (applied.trim()) params.set("q", applied.trim());
  if (cursors.length) params.set("cursor", cursors.at(-1)!);
  const { data: page, error } = useStaffData<{ applications: ApplicationSummary[]; nextCursor: string | null }>(`/nurse-applications?${params}`);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setCursors([]);
    setApplied(q);
  };

  return (
    <div>
      <ViewHeading>{COPY.heading}</ViewHeading>
      <form onSubmit={search} className="mt-4 flex max-w-xl flex-wrap items-end gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-300">
        <div className="min-w-0 flex-1">
          <TextField id="application-search" label={COPY.search} hint={COPY.searchHint} type="search" value={q} onValueChange={setQ} />
        </div>
        <Button type="submit" tone="brand" className="mb-6">
          {COPY.submit}
        </Button>
      </form>
      <ErrorMessage message={error} />
      {page ? (
        <DataTable caption={COPY.caption} columns={Object.values(COPY.columns)} empty={page.applications.length === 0 ? COPY.empty : undefined}>
          {page.applications.map((a) => {
            const name = `${a.firstName} ${a.lastName}`;
            return (
              <tr key={a.id} className="border-t border-slate-200 align-top">
                <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(a.receivedAt)}</td>
                <th scope="row" className="px-3 py-2 font-normal">
                  <ViewLink href={`?view=applications&application=${a.id}`} label={COPY.open(name)} onOpen={() => onOpen(a.id)}>
                    {name}
                  </ViewLink>
                </th>
                <td className="px-3 py-2">{labelOf(CLASSIFICATIONS, a.classification)}</td>
                <td className="px-3 py-2">{a.desiredLocation}</td>
                <td className="px-3 py-2 [overflow-wrap:anywhere]">
                  {a.email}
                  <br />
                  {a.phone}
                </td>
              </tr>
            );
          })}
        </DataTable>
      ) : null}
      <Pager cursors={cursors} nextCursor={page?.nextCursor} onChange={setCursors} />
    </div>
  );
}

function ApplicationDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const answer = useStaffData<{ application: Application }>(`/nurse-applications/${encodeURIComponent(id)}`);
  const a = answer.data?.application;
  const error = answer.status === 404 ? COPY.notFound : answer.error;
  return (
    <div>
      <ViewLink href="?view=applications" onOpen={onBack}>
        {COPY.back}
      </ViewLink>
      <ErrorMessage message={error} />
      {a ? (
        <div className="mt-3 rounded-lg bg-white p-4 ring-1 ring-slate-300">
          <ViewHeading>{`${a.firstName} ${a.lastName}`}</ViewHeading>
          <Details
            items={[
              [F.receivedAt, formatDateTime(a.receivedAt)],
              [F.email, a.email],
              [F.phone, a.phone],
              [COPY.fields.zipCode, a.zipCode],
              [COPY.fields.classification, labelOf(CLASSIFICATIONS, a.classification)],
              [COPY.fields.desiredLocation, a.desiredLocation],
              [COPY.fields.message, a.message],
              [COPY.fields.subject, a.subject],
              [COPY.fields.source, a.source],
              [F.timestamp, a.timestamp],
              [F.clientIp, a.clientIp],
              [F.userAgent, a.userAgent],
            ]}
          />
        </div>
      ) : null}
    </div>
  );
}
