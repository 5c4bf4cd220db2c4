import { useState, type ReactNode } from "react";
import { decidedByPerson, type LeadStanding } from "../../../domain/lead-standing";
import type { LeadVerification as Verification, RegistryFacility } from "../../../domain/staff-console-api";
import { Button } from "../../components/button";
import { inDecidingOrder } from "../../../domain/verification-words";
import { STANDING_COPY } from "../../content/lead-standing-copy";
import { standingSentence } from "./lead-standing-text";
import { VERIFICATION_COPY } from "../../content/verification";
import { Details, ErrorMessage, Section, StatusMessage, formatDateTime, linkClass } from "./console-ui";
import { LeadCallback } from "./lead-callback";
import { RoleDecisionForm } from "./role-decision-form";
import { useLeadForm } from "./use-console-form";

const COPY = VERIFICATION_COPY;

/** (404) 555-0100 for ten digits; anything else as it is. */
const phoneText = (digits: string) =>
  /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;

/** 30303-1234 for a ZIP+4 written as nine digits; anything else as it is. */
const zipText = (zip: string) => (/^\d{9}$/.test(zip) ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip);

/** A `tel:` link for the verification call (US numbers: +1). */
function PhoneLink({ digits, label }: { digits: string; label: string }) {
  if (!/^\d{10}$/.test(digits)) return <>{digits}</>;
  return (
    <a className={linkClass} href={`tel:+1${digits}`} aria-label={label}>
      {phoneText(digits)}
    </a>
  );
}

function RegistryRecord({ facility, links }: { facility: RegistryFacility; links: Verification["registry"]["links"] }) {
  const { address, authorizedOfficial: official } = facility;
  return (
    <Details
      items={[
        [COPY.npi, facility.npi],
        [COPY.ccn, facility.ccn],
        [COPY.name, facility.name],
        [
          COPY.facilityAddress,
          [address.line, address.city, `${address.state} ${zipText(address.zip)}`.trim()].filter(Boolean).join(", "),
        ],
        [COPY.phone, <PhoneLink key="phone" digits={facility.phone} label={COPY.call(phoneText(facility.phone))} />],
        [COPY.taxonomy, facility.taxonomy],
        [
          COPY.official,
          official ? (
            <span key="official">
              {`${official.firstName} ${official.lastName}${official.title ? `, ${official.title}` : ""}`}
              {official.phone ? " · " : ""}
              <PhoneLink digits={official.phone} label={COPY.officialPhone(phoneText(official.phone))} />
            </span>
          ) : null,
        ],
        [
          COPY.publicPages,
          links.length ? (
            <ul key="links" className="space-y-1">
              {links.map((link) => (
                <li key={link.url}>
                  <a className={linkClass} href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.registry === "nppes"
                      ? COPY.linkLabels.nppes(facility.npi ?? "")
                      : COPY.linkLabels.care_compare(facility.ccn ?? "")}
                    <span className="sr-only"> {COPY.opensNewTab}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null,
        ],
      ]}
    />
  );
}

/** A page the tie opened, in words: "read (HTTP 200)" or "could not be read (timeout: …)". */
const pageOutcome = (outcome: string) =>
  /^HTTP \d+$/.test(outcome) ? COPY.pageRead(outcome) : COPY.pageNotRead(outcome);

function DomainTie({ tie }: { tie: Verification["domainTie"] }) {
  if (!tie) return <p className="mt-2">{COPY.noTie}</p>;
  const domain = tie.domain ?? COPY.noDomain;
  return (
    <>
      <p className="mt-2 font-bold">{tie.tied ? COPY.tied(domain) : COPY.notTied(domain)}</p>
      <Details
        items={(
          [
            [
              COPY.checksDone,
              tie.checks.length ? (
                <ul key="checks" className="list-disc pl-5">
                  {tie.checks.map((check) => (
                    <li key={check}>{COPY.checks[check] ?? check}</li>
                  ))}
                </ul>
              ) : null,
            ],
            [
              COPY.pagesRead,
              tie.pages.length ? (
                <div key="pages">
                  <p className="text-slate-700">{COPY.pagesReadHint}</p>
                  <ul className="list-disc pl-5 break-words">
                    {tie.pages.map((page) => (
                      <li key={page.url}>{`${page.url}: ${pageOutcome(page.outcome)}`}</li>
                    ))}
                  </ul>
                </div>
              ) : null,
            ],
          ] as [string, ReactNode][]
        ).filter(([, value]) => value !== null)}
      />
    </>
  );
}

/**
 * The Verification section (decision 0024): what was checked (work address, registry record with a
 * `tel:` link and its public pages, the domain tie, the flags), the policy's decision and its
 * reasons, a check again, and the role verified or declined in one action with a note.
 */
export function LeadVerification({
  verification,
  standing,
}: {
  verification: Verification | null;
  /** Where the lead stands: a person's decision replaces the automatic check's, and its forms are gone. */
  standing: LeadStanding;
}) {
  const [saved, setSaved] = useState<string>();
  const check = useLeadForm({ intent: "check-verification", initial: {}, resetOnDone: true });
  const checked = check.answer;
  const decisions = standing.roleDecisions;
  const { role } = standing;
  const decided = decidedByPerson(standing);
  const note = role.kind === "verified_by_person" || role.kind === "declined" ? role.note : "";
  const decision = (
    <Details
      items={[
        [COPY.decision, <strong key="decision">{standingSentence(standing)}</strong>],
        ...(note ? [[STANDING_COPY.personNote, note] as [string, ReactNode]] : []),
      ]}
    />
  );
  const v = verification;
  return (
    <Section id="verification" heading={COPY.heading}>
      {decision}
      {!v ? (
        <p className="mt-2">{COPY.never}</p>
      ) : (
        <>
          <Details
            items={[
              [COPY.automaticDecision, COPY.decisions[v.decision]],
              [
                decided ? STANDING_COPY.automaticReasons : COPY.reasons,
                <ul key="reasons" className="list-disc pl-5">
                  {inDecidingOrder(v.reasons).map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>,
              ],
              [COPY.checkedAt, formatDateTime(v.checkedAt)],
              [
                COPY.address,
                v.workAddressConfirmedAt
                  ? COPY.addressConfirmed(formatDateTime(v.workAddressConfirmedAt))
                  : COPY.addressNotConfirmed,
              ],
              [COPY.qualifiedVia, COPY.via[v.qualifiedVia ?? "none"]],
              [COPY.flags, v.emailFlags.length ? v.emailFlags.map((f) => COPY.flagWords[f]).join(", ") : COPY.noFlags],
              [
                COPY.lookups,
                v.registry.lookups.length ? (
                  <ul key="lookups" className="list-disc pl-5">
                    {v.registry.lookups.map((l) => {
                      const name = COPY.registryNames[l.registry] ?? l.registry;
                      return (
                        <li key={l.registry}>
                          {l.ok ? COPY.lookupOk(name) : COPY.lookupFailed(name, l.problem ?? "")}
                        </li>
                      );
                    })}
                  </ul>
                ) : null,
              ],
            ]}
          />
          <h3 className="mt-4 text-lg font-bold">{COPY.registryHeading}</h3>
          <p className="mt-1">{COPY.registryStatus[v.registry.status]}</p>
          {v.registry.facility ? <RegistryRecord facility={v.registry.facility} links={v.registry.links} /> : null}
          <h3 className="mt-4 text-lg font-bold">{COPY.tieHeading}</h3>
          <DomainTie tie={v.domainTie} />
          {v.callback ? <LeadCallback callback={v.callback} canPlace={standing.check !== null} /> : null}
        </>
      )}
      <StatusMessage message={saved ?? (checked?.ok ? COPY.checked : undefined)} />
      <ErrorMessage message={checked && !checked.ok ? checked.error : undefined} />
      {standing.check ? (
        <Button
          tone="plain"
          className="mt-2"
          isBusy={check.isBusy}
          busyLabel={COPY.checking}
          onClick={() => {
            setSaved(undefined);
            void check.submit();
          }}
        >
          {standing.check === "first" ? COPY.checkFirst : COPY.checkAgain}
        </Button>
      ) : null}
      {decisions.length > 0 ? <RoleDecisionForm decisions={decisions} onSaved={setSaved} /> : null}
    </Section>
  );
}
