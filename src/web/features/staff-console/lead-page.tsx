import { useFetcher, useLocation } from "react-router";
import { FACILITY_TYPES, TRAFFIC_SOURCES, URGENCIES, labelOf } from "../../../domain/enumerations";
import type { LeadDetail } from "../../../domain/staff-console-api";
import {
  CONSOLE_COPY,
  DETAIL_LABELS,
  FLAG_LABELS,
  FORM_LABELS,
  METHOD_LABELS,
  REASON_LABELS,
  STATUS_LABELS,
  VIA_LABELS,
} from "../../content/staff-console";
import {
  DataTable,
  Details,
  ErrorMessage,
  Section,
  StatusMessage,
  ViewHeading,
  ViewLink,
  formatDateTime,
} from "./console-ui";
import { CONSOLE_PATHS, backPath, leadPath } from "./console-paths";
import { readAction } from "./console-actions";
import { requireSession } from "./staff-session";
import { Button } from "../../components/button";
import { QualificationDetails } from "./qualification-details";
import { ConsoleError, staffApi } from "./staff-api";
import { StepForm } from "./step-form";
import { LeadRewards, RewardTimeline, type LeadRewardsAnswer } from "./lead-rewards";
import { REWARD_COPY } from "../../content/rewards";

const COPY = CONSOLE_COPY.lead;
const F = CONSOLE_COPY.fields;

/** A step's details in words: "Verified by: Phone call to the facility", "Amount: $50". */
function detailText(key: string, value: string | number): string {
  const label = DETAIL_LABELS[key] ?? key;
  if (key === "amountUsd") return `${label}: $${value}`;
  if (key === "method") return `${label}: ${METHOD_LABELS[value as keyof typeof METHOD_LABELS] ?? value}`;
  if (key === "reason") return `${label}: ${REASON_LABELS[value as keyof typeof REASON_LABELS] ?? value}`;
  if (key === "via") return `${label} ${VIA_LABELS[value as keyof typeof VIA_LABELS] ?? value}`;
  return `${label}: ${value}`;
}

const actorText = (actor: string) =>
  actor.startsWith("staff:")
    ? actor.slice(6)
    : actor === "system:chat"
      ? "Qualifying chat"
      : actor === "system:voice"
        ? "Voice agent"
        : actor;

export interface LeadPageData {
  detail: LeadDetail;
  rewards: LeadRewardsAnswer | undefined;
}

/** The lead route's read: the lead (a 404 in words) and its rewards. */
export async function loadLead(id: string): Promise<LeadPageData> {
  await requireSession();
  const path = `/leads/${encodeURIComponent(id)}`;
  const [detail, rewards] = await Promise.all([
    staffApi<LeadDetail>(path),
    staffApi<LeadRewardsAnswer>(`${path}/rewards`),
  ]);
  if (!detail.ok) throw new ConsoleError(detail.status, detail.status === 404 ? COPY.notFound : detail.error);
  return { detail: detail.data, rewards: rewards.ok ? rewards.data : undefined };
}

/** The lead route's changes: the next step (or a reward's order), a delivery sent again, a reward re-sent. */
export async function changeLead(id: string, request: Request) {
  const { intent, fields, post } = await readAction(request);
  const path = `/leads/${encodeURIComponent(id)}`;
  if (intent === "step") return post(`${path}/steps`);
  if (intent === "retry") return post(`${path}/deliveries/${encodeURIComponent(String(fields.deliveryId))}/retry`, {});
  if (intent === "resend") {
    const { rewardId, ...body } = fields;
    return post(`${path}/rewards/${encodeURIComponent(String(rewardId))}/resend`, body);
  }
  throw new ConsoleError(400, CONSOLE_COPY.failed);
}

/** "Back to leads": to the list the lead was opened from (the Due view, its filters and page), else the lead list. */
export function BackToList() {
  const location = useLocation();
  return <ViewLink to={backPath(location.search, CONSOLE_PATHS.leads)}>{COPY.back}</ViewLink>;
}

/** One lead: every field, consent proof, attribution, qualification, flags, the next step, deliveries, timeline. */
export function LeadPage({ data }: { data: LeadPageData }) {
  const { detail, rewards } = data;
  const location = useLocation();
  const from = new URLSearchParams(location.search).get("from") ?? undefined;
  const back = <BackToList />;
  // In place: the router's fetcher posts to this route's action, then reloads the lead.
  const retry = useFetcher<Awaited<ReturnType<typeof changeLead>>>();
  const { lead } = detail;
  const name = `${lead.firstName} ${lead.lastName}`;

  return (
    <div>
      {back}
      <div className="mt-3">
        <ViewHeading>{name}</ViewHeading>
        <p className="mt-1 text-slate-700">
          {lead.facilityName}, {lead.location} · <strong>{STATUS_LABELS[lead.pipelineStatus]}</strong>
        </p>
      </div>

      {detail.flags.length > 0 || ["new", "qualified", "role_verified"].includes(lead.pipelineStatus) ? (
        <Section id="flags" heading={COPY.flags}>
          {detail.flags.length === 0 ? (
            <p className="mt-2">{COPY.noFlags}</p>
          ) : (
            <ul className="mt-2 list-disc space-y-1 pl-6">
              {detail.flags.map((flag, index) => (
                <li key={`${flag.flag}-${flag.leadId ?? index}`} className="font-medium text-red-800">
                  {FLAG_LABELS[flag.flag]}
                  {flag.leadId ? (
                    <>
                      {" "}
                      (<ViewLink to={leadPath(flag.leadId, from)}>{COPY.seeLead}</ViewLink>)
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Section>
      ) : null}

      <Section id="step" heading={COPY.nextStep}>
        <StepForm
          leadName={name}
          status={lead.pipelineStatus}
          rewardOrder={rewards?.enabled ? { defaultEmail: rewards.recipientEmail } : undefined}
        />
      </Section>

      {rewards && (rewards.enabled || rewards.rewards.length > 0) ? (
        <Section id="rewards" heading={REWARD_COPY.heading}>
          <LeadRewards rewards={rewards.rewards} />
        </Section>
      ) : null}

      <Section id="timeline" heading={COPY.timeline}>
        {detail.timeline.length === 0 ? (
          <p className="mt-2">{COPY.emptyTimeline}</p>
        ) : (
          <ol className="mt-2 space-y-3">
            {detail.timeline.map((t) => (
              <li key={t.id} className="border-l-4 border-brand pl-3">
                <p className="font-semibold">{STATUS_LABELS[t.toStatus] ?? t.toStatus}</p>
                <p className="text-sm text-slate-700">
                  <time dateTime={t.at}>{formatDateTime(t.at)}</time> · {actorText(t.actor)}
                </p>
                {Object.entries(t.details).map(([key, value]) => (
                  <p key={key} className="text-sm">
                    {detailText(key, value)}
                  </p>
                ))}
                {t.note ? (
                  <p className="text-sm [overflow-wrap:anywhere]">{`${CONSOLE_COPY.steps.note}: ${t.note}`}</p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        <RewardTimeline rewards={rewards?.rewards ?? []} />
      </Section>

      <Section id="details" heading={COPY.details}>
        <Details
          items={[
            [F.receivedAt, formatDateTime(lead.receivedAt)],
            [F.form, FORM_LABELS[lead.form] ?? lead.form],
            [F.facilityName, lead.facilityName],
            [F.facilityType, labelOf(FACILITY_TYPES, lead.facilityType)],
            [F.location, lead.location],
            [F.rolesNeeded, lead.rolesNeeded.join(", ")],
            [F.urgency, labelOf(URGENCIES, lead.urgency)],
            [F.shiftTypes, lead.shiftTypes.join(", ")],
            [F.name, name],
            [F.title, lead.title],
            [F.email, lead.email],
            [F.phone, lead.phone],
            [F.trafficSource, labelOf(TRAFFIC_SOURCES, lead.trafficSource)],
            [F.timestamp, lead.timestamp],
          ]}
        />
      </Section>

      <Section id="qualification" heading={COPY.qualification}>
        <QualificationDetails qualification={detail.qualification} />
      </Section>

      <Section id="consent" heading={COPY.consent}>
        <Details
          items={[
            [F.consentAgreed, lead.consentAgreed ? "Yes" : "No"],
            [F.consentText, lead.consentText],
            [F.consentVersion, lead.consentVersion],
            [F.clientIp, lead.clientIp],
            [F.userAgent, lead.userAgent],
            [F.pageUrl, lead.pageUrl],
          ]}
        />
      </Section>

      <Section id="attribution" heading={COPY.attribution}>
        <Details
          items={[
            [
              F.utm,
              Object.entries(lead.utm)
                .map(([k, v]) => `${k}=${v}`)
                .join(", "),
            ],
            [F.referrer, lead.referrer],
            [F.url, lead.url],
          ]}
        />
      </Section>

      <Section id="deliveries" heading={COPY.deliveries}>
        <StatusMessage message={retry.data?.ok ? COPY.retried : undefined} />
        {detail.deliveries.length === 0 ? (
          <p className="mt-2">{COPY.noDeliveries}</p>
        ) : (
          <DataTable caption={COPY.deliveryCaption} columns={Object.values(COPY.deliveryColumns)}>
            {detail.deliveries.map((d) => (
              <tr key={d.id} className="border-t border-slate-200 align-top">
                <th scope="row" className="px-3 py-2 font-normal">
                  {d.destination}
                </th>
                <td className="px-3 py-2">
                  {d.status}
                  {d.status === "failed" ? (
                    <Button
                      tone="plain"
                      className="ml-2"
                      isBusy={retry.state !== "idle"}
                      busyLabel={COPY.retrying}
                      onClick={() =>
                        retry.submit(
                          { key: d.id, body: { intent: "retry", deliveryId: d.id } },
                          { method: "post", encType: "application/json" },
                        )
                      }
                    >
                      {COPY.retry}
                    </Button>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  <details>
                    <summary>{COPY.attemptLog(d.attemptLog.length)}</summary>
                    <ul className="mt-1 space-y-1">
                      {d.attemptLog.map((a) => (
                        <li key={a.id}>
                          {formatDateTime(a.attemptedAt)}: {a.statusCode ?? a.error ?? ""} ({a.durationMs} ms)
                        </li>
                      ))}
                    </ul>
                  </details>
                </td>
                <td className="px-3 py-2 [overflow-wrap:anywhere]">{d.lastError ?? ""}</td>
                <td className="px-3 py-2">{formatDateTime(d.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        )}
        <ErrorMessage message={retry.data && !retry.data.ok ? retry.data.error : undefined} />
      </Section>
    </div>
  );
}
