import { useLocation } from "react-router";
import { FACILITY_TYPES, TRAFFIC_SOURCES, URGENCIES, labelOf } from "../../../domain/enumerations";
import type { LeadDetail } from "../../../domain/staff-console-api";
import { CONSOLE_COPY } from "../../content/staff-console";
import { FORM_LABELS, STATUS_LABELS } from "../../content/pipeline-labels";
import { Details, Section, ViewHeading, ViewLink, formatDateTime } from "./console-ui";
import { CONSOLE_PATHS, backPath } from "./console-paths";
import { fieldsOf, runAction } from "./console-actions";
import { LeadIntentSchema } from "../../../domain/staff-console-intents";
import { requireSession } from "./staff-session";
import { QualificationDetails } from "./qualification-details";
import { ConsoleError, staffApi } from "./staff-api";
import { StepForm } from "./step-form";
import { LeadRewards, loadLeadRewards, type LeadRewardsAnswer } from "./lead-rewards";
import { LeadDeliveries } from "./lead-deliveries";
import { LeadFlags } from "./lead-flags";
import { DoNotContactBanner } from "./do-not-contact-banner";
import { LeadTimeline } from "./lead-timeline";
import { LeadCalls } from "./lead-calls";
import { LeadVerification } from "./lead-verification";
import { changeCall } from "./call-actions";
import { REWARD_COPY } from "../../content/rewards-copy";
import { leadStanding, roleStepOf } from "../../../domain/lead-standing";
import { STANDING_COPY } from "../../content/lead-standing-copy";
import { standingSentence } from "./lead-standing-text";

const COPY = CONSOLE_COPY.lead;
const F = CONSOLE_COPY.fields;

export interface LeadPageData {
  detail: LeadDetail;
  rewards: LeadRewardsAnswer | undefined;
}

/** The lead route's read: the lead (a 404 in words) and its rewards. */
export async function loadLead(id: string): Promise<LeadPageData> {
  await requireSession();
  const path = `/leads/${encodeURIComponent(id)}`;
  const [detail, rewards] = await Promise.all([staffApi<LeadDetail>(path), loadLeadRewards(path, id)]);
  if (!detail.ok) throw new ConsoleError(detail.status, detail.status === 404 ? COPY.notFound : detail.error);
  return { detail: detail.data, rewards };
}

/** The lead route's changes: the next step (or a reward's order), a delivery sent again, a reward re-sent. */
export const changeLead = (id: string, request: Request) =>
  runAction(request, LeadIntentSchema, (change, post) => {
    const path = `/leads/${encodeURIComponent(id)}`;
    switch (change.intent) {
      case "step":
        return post(`${path}/steps`, fieldsOf(change));
      case "check-verification": // decision 0024: the registries asked again
        return post(`${path}/verification`);
      case "place-callback": // decision 0042: the callback to the facility's number of record, by hand
        return post(`${path}/verification/callback`);
      case "fraud-review": {
        const { rewardId, ...body } = fieldsOf(change);
        return post(`${path}/rewards/${encodeURIComponent(rewardId)}/fraud-review`, body);
      }
      case "retry":
        return post(`${path}/deliveries/${encodeURIComponent(change.deliveryId)}/retry`);
      case "resend": {
        const { rewardId, ...body } = fieldsOf(change);
        return post(`${path}/rewards/${encodeURIComponent(rewardId)}/resend`, body);
      }
      case "call-outcome": // decision 0036: held, missed, moved
      case "call-move":
        return changeCall(change, post);
      case "call-offer-times": // decision 0045: after a missed call, for this page's lead
      case "call-book":
        return changeCall({ ...change, lead: id }, post);
    }
  });

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
  const { lead } = detail;
  const name = `${lead.firstName} ${lead.lastName}`;
  // Where the lead stands, derived once; the header, Verification and Next step read it.
  const standing = leadStanding({
    status: lead.pipelineStatus,
    roleStep: roleStepOf(detail.timeline),
    verification: detail.verification,
  });

  return (
    <div>
      {back}
      <DoNotContactBanner doNotContact={detail.doNotContact} />
      <div className="mt-3">
        <ViewHeading>{name}</ViewHeading>
        <p className="mt-1 text-slate-700">
          {lead.facilityName}, {lead.location} · <strong>{STATUS_LABELS[lead.pipelineStatus]}</strong>
        </p>
        <p className="mt-1">{`${STANDING_COPY.label}: ${standingSentence(standing)}`}</p>
      </div>

      <LeadFlags flags={detail.flags} status={lead.pipelineStatus} from={from} />
      <LeadVerification verification={detail.verification} standing={standing} />

      <Section id="step" heading={COPY.nextStep}>
        <StepForm
          leadName={name}
          status={lead.pipelineStatus}
          decidesRole={standing.roleDecisions.length > 0}
          doNotContact={Boolean(detail.doNotContact)}
          waiting={(rewards?.approvals ?? []).filter((a) => a.status === "pending").map((a) => a.step)}
          rewardOrder={rewards?.enabled ? { defaultEmail: rewards.recipientEmail } : undefined}
        />
      </Section>

      {rewards && (rewards.enabled || rewards.rewards.length > 0) ? (
        <Section id="rewards" heading={REWARD_COPY.heading}>
          <LeadRewards rewards={rewards.rewards} approvals={rewards.approvals} />
        </Section>
      ) : null}

      <LeadCalls calls={detail.calls} lead={name} leadId={lead.id} doNotContact={Boolean(detail.doNotContact)} />
      <LeadTimeline
        timeline={detail.timeline}
        rewards={rewards?.rewards ?? []}
        calls={detail.calls}
        approvals={rewards?.approvals ?? []}
      />

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
            [F.timestamp, formatDateTime(lead.timestamp)],
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
                .map(([k, v]) => `${k.replace(/^utm_/, "")}: ${v}`)
                .join(", "),
            ],
            [F.referrer, lead.referrer],
            [F.url, lead.url],
          ]}
        />
      </Section>

      <LeadDeliveries deliveries={detail.deliveries} />
    </div>
  );
}
