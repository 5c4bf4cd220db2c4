import type { PipelineStatus } from "../../../domain/incentive-pipeline";
import type { LeadDetail } from "../../../domain/staff-console-api";
import { CONSOLE_COPY } from "../../content/staff-console";
import { FLAG_LABELS } from "../../content/pipeline-labels";
import { Section, ViewLink } from "./console-ui";
import { leadPath } from "./console-paths";

const COPY = CONSOLE_COPY.lead;

const EMAIL_FLAGS: readonly string[] = ["free_mail", "disposable_email"];

/**
 * The duplicate and e-mail flags, each duplicate linking the other lead; "no flags" while the
 * lead is still being verified. The box is named after what it holds (a free-mail address is
 * no duplicate).
 */
export function LeadFlags({
  flags,
  status,
  from,
}: {
  flags: LeadDetail["flags"];
  status: PipelineStatus;
  from: string | undefined;
}) {
  if (flags.length === 0 && !["new", "qualified", "role_verified"].includes(status)) return null;
  return (
    <Section
      id="flags"
      heading={COPY.flags(
        flags.some((f) => !EMAIL_FLAGS.includes(f.flag)),
        flags.some((f) => EMAIL_FLAGS.includes(f.flag)),
      )}
    >
      {flags.length === 0 ? (
        <p className="mt-2">{COPY.noFlags}</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {flags.map((flag, index) => (
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
  );
}
