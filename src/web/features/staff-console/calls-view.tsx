import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/button";
import { STAFF_CALLS_COPY } from "../../content/staff-calls";
import { runAction } from "./console-actions";
import { CallsIntentSchema } from "../../../domain/staff-console-intents";
import { CONSOLE_PATHS, leadPath } from "./console-paths";
import { DataTable, ErrorMessage, ViewHeading, ViewLink } from "./console-ui";
import { readApi } from "./staff-api";
import { useConsoleForm } from "./use-console-form";
import { requireSession } from "./staff-session";

const COPY = STAFF_CALLS_COPY.calls;

interface StaffCall {
  id: string;
  start: string;
  end: string;
  status: string;
  with: string;
  mine: boolean;
  lead: { id: string; firstName: string; facilityName: string; rolesNeeded: string[]; pipelineStatus: string };
}
export interface CallsData {
  scope: "mine" | "all";
  timeZone: string;
  calls: StaffCall[];
}

/** The Calls route's read (issue 40): today's calls and the days ahead, one's own (?scope=mine, the default) or everyone's. */
export async function loadCalls(request: Request): Promise<CallsData> {
  await requireSession();
  const scope = new URL(request.url).searchParams.get("scope") === "all" ? "all" : "mine";
  const answer = await readApi<{ timeZone: string; calls: StaffCall[] }>(`/calls?scope=${scope}&days=7`);
  return { scope, ...answer };
}

/** The Calls route's change: a call marked held or missed. */
export const changeCalls = (request: Request) =>
  runAction(request, CallsIntentSchema, (mark, post) =>
    post(`/calls/${encodeURIComponent(mark.id)}/outcome`, { outcome: mark.outcome }),
  );

/** A time in the viewer's zone, and the zone named once above the table. */
const timeIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
const zoneNameOf = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "long" })
    .formatToParts(new Date())
    .find((p) => p.type === "timeZoneName")?.value ?? timeZone;

/** Staff see their day (issue 40): each call's time, with whom, the lead (its page one click away: answers, verification), held or missed. */
export function CallsView({ data }: { data: CallsData }) {
  const mark = useConsoleForm({ intent: "outcome", initial: {}, resetOnDone: true });
  const [marking, setMarking] = useState<string>();
  const { answer } = mark;
  return (
    <section>
      <ViewHeading>{COPY.heading}</ViewHeading>
      <nav aria-label={COPY.heading} className="mt-3 flex gap-4">
        <Link
          to={`${CONSOLE_PATHS.calls}?scope=mine`}
          aria-current={data.scope === "mine" ? "page" : undefined}
          className="font-semibold text-brand underline aria-[current=page]:no-underline"
        >
          {COPY.mine}
        </Link>
        <Link
          to={`${CONSOLE_PATHS.calls}?scope=all`}
          aria-current={data.scope === "all" ? "page" : undefined}
          className="font-semibold text-brand underline aria-[current=page]:no-underline"
        >
          {COPY.everyone}
        </Link>
      </nav>
      <p className="mt-2 text-slate-700">{COPY.zone(zoneNameOf(data.timeZone))}</p>
      <ErrorMessage message={answer && !answer.ok ? answer.error : undefined} />
      <DataTable
        caption={COPY.caption}
        columns={Object.values(COPY.columns)}
        empty={data.calls.length === 0 ? COPY.empty : undefined}
      >
        {data.calls.map((call) => {
          const who = `${call.lead.firstName}, ${call.lead.facilityName}`;
          const submit = (outcome: "held" | "missed") => {
            if (mark.isBusy) return;
            setMarking(call.id);
            void mark.submit({ id: call.id, outcome });
          };
          const busy = mark.isBusy && marking === call.id;
          return (
            <tr key={call.id} className="border-t border-slate-200 align-top">
              <th scope="row" className="px-3 py-2 font-normal">
                {timeIn(call.start, data.timeZone)}
              </th>
              <td className="px-3 py-2">{call.with}</td>
              <td className="px-3 py-2">
                <ViewLink to={leadPath(call.lead.id, `${CONSOLE_PATHS.calls}?scope=${data.scope}`)}>{who}</ViewLink>
              </td>
              <td className="px-3 py-2">{call.lead.rolesNeeded.join(", ")}</td>
              <td className="px-3 py-2">{COPY.statuses[call.status] ?? call.status}</td>
              <td className="px-3 py-2">
                {call.status === "booked" ? (
                  <div className="flex gap-2">
                    <Button
                      tone="plain"
                      aria-label={COPY.markHeld(who)}
                      isBusy={busy}
                      busyLabel={COPY.marking}
                      onClick={() => submit("held")}
                    >
                      {COPY.held}
                    </Button>
                    <Button
                      tone="plain"
                      aria-label={COPY.markMissed(who)}
                      disabled={busy}
                      onClick={() => submit("missed")}
                    >
                      {COPY.missed}
                    </Button>
                  </div>
                ) : null}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
