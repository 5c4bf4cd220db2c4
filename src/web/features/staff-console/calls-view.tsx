import { useState } from "react";
import { Link } from "react-router";
import { CallsIntentSchema } from "../../../domain/staff-console-intents";
import type { CallList, StaffCall } from "../../../domain/staff-console-api";
import { STAFF_CALLS_COPY } from "../../content/staff-calls";
import { changeCall } from "./call-actions";
import { showsNextSteps } from "../../../domain/call-next-steps";
import { CallRowActions } from "./call-row-actions";
import { MissedCallNextSteps } from "./missed-call-next-steps";
import { DoNotContactBadge } from "./do-not-contact-banner";
import { runAction } from "./console-actions";
import { CONSOLE_PATHS, leadPath } from "./console-paths";
import { DataTable, ViewHeading, ViewLink, formatDateTime, linkClass } from "./console-ui";
import { readApi } from "./staff-api";
import { requireSession } from "./staff-session";

const COPY = STAFF_CALLS_COPY.calls;

/** A `tel:` address for a phone as the lead typed it: its digits, +1 for ten US digits. */
const telHref = (phone: string) => {
  const digits = phone.replace(/\D/g, "");
  return `tel:${digits.length === 10 ? `+1${digits}` : `+${digits}`}`;
};

export interface CallsData {
  scope: "mine" | "all";
  timeZone: string;
  calls: StaffCall[];
}

/** The Calls route's read (decision 0036): today's calls and the days ahead, one's own (?scope=mine, the default) or everyone's. */
export async function loadCalls(request: Request): Promise<CallsData> {
  await requireSession();
  const scope = new URL(request.url).searchParams.get("scope") === "all" ? "all" : "mine";
  const answer = await readApi<CallList>(`/calls?scope=${scope}&days=7`);
  return { scope, ...answer };
}

/** The Calls route's change: a call marked held or missed, or moved; after a missed one, new times offered or a call booked (decision 0045). */
export const changeCalls = (request: Request) => runAction(request, CallsIntentSchema, changeCall);

/** The viewer's zone named once above the table (each time names its own: EST or EDT), as the lead's page shows times. */
const viewerZoneName = () =>
  new Intl.DateTimeFormat("en-US", { timeZoneName: "long" })
    .formatToParts(new Date())
    .find((p) => p.type === "timeZoneName")?.value ?? "";

/** Staff see their day (decision 0036): each call's time, with whom, the lead (its page one click away: answers, verification), held or missed. */
export function CallsView({ data }: { data: CallsData }) {
  // The missed call a next step was taken on stays in place after the list is read again (decision 0045).
  const [actedOn, setActedOn] = useState<string>();
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
      <p className="mt-2 text-slate-700">{COPY.zone(viewerZoneName())}</p>
      <DataTable
        caption={COPY.caption}
        columns={Object.values(COPY.columns)}
        empty={data.calls.length === 0 ? COPY.empty : undefined}
      >
        {data.calls.map((call) => {
          const who = `${call.lead.firstName}, ${call.lead.facilityName}`;
          return (
            <tr key={call.id} className="border-t border-slate-200 align-top">
              <th scope="row" className="px-3 py-2 font-normal">
                <time dateTime={call.start}>{formatDateTime(call.start)}</time>
              </th>
              <td className="px-3 py-2">{call.with}</td>
              <td className="px-3 py-2">
                <ViewLink to={leadPath(call.lead.id, `${CONSOLE_PATHS.calls}?scope=${data.scope}`)}>{who}</ViewLink>
                <DoNotContactBadge doNotContact={call.lead.doNotContact} />
                {call.lead.phone && !call.lead.doNotContact ? (
                  <span className="block">
                    <a
                      className={linkClass}
                      href={telHref(call.lead.phone)}
                      aria-label={COPY.callLead(who, call.lead.phone)}
                    >
                      {call.lead.phone}
                    </a>
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2">{call.lead.rolesNeeded.join(", ")}</td>
              <td className="px-3 py-2">{COPY.statuses[call.status] ?? call.status}</td>
              <td className="px-3 py-2">
                {call.lead.doNotContact ? null : <CallRowActions call={call} lead={who} />}
                {/* Next steps (decision 0045): on the lead's latest call shown, once missed (the lead's page has them too). */}
                {!call.lead.doNotContact &&
                (actedOn === call.id ||
                  showsNextSteps(
                    call,
                    data.calls.filter((other) => other.lead.id === call.lead.id),
                  )) ? (
                  <MissedCallNextSteps leadId={call.lead.id} lead={who} onActed={() => setActedOn(call.id)} />
                ) : null}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
