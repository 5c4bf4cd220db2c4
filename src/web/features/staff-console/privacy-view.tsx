import type { PrivacyRequestLog } from "../../../domain/staff-console-api";
import { CONSOLE_COPY } from "../../content/staff-console";
import { PRIVACY_COPY } from "../../content/staff-privacy";
import { privacyRequestSentence } from "../../../domain/log-sentences";
import { fieldsOf, runAction } from "./console-actions";
import { PrivacyIntentSchema } from "../../../domain/staff-console-intents";
import { LogSentence } from "./log-sentence";
import { DataTable, Section, ViewHeading, formatDateTime } from "./console-ui";
import { EraseForm, ExportForm, OptOutForm } from "./privacy-forms";
import { readApi } from "./staff-api";
import { requireAdmin } from "./staff-session";

const COPY = PRIVACY_COPY.log;

/** The privacy route's read (admins): the request log. */
export async function loadPrivacy(): Promise<PrivacyRequestLog> {
  await requireAdmin(CONSOLE_COPY.refused.privacy);
  return readApi<PrivacyRequestLog>("/privacy/requests");
}

/** The privacy route's changes: erase, export, opt-out (each the API's answer for its form). */
export const changePrivacy = (request: Request) =>
  runAction(request, PrivacyIntentSchema, (asked, post) => post(`/privacy/${asked.intent}`, fieldsOf(asked)));

/** Admins: erase a person (confirmed), download their data, stop contacting them, and the request log. */
export function PrivacyView({ data }: { data: PrivacyRequestLog }) {
  return (
    <div>
      <ViewHeading>{PRIVACY_COPY.heading}</ViewHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{PRIVACY_COPY.intro}</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <EraseForm />
        <ExportForm />
        <OptOutForm />
      </div>
      <Section id="privacy-log" heading={COPY.heading}>
        <DataTable
          caption={COPY.caption}
          columns={Object.values(COPY.columns)}
          empty={data.requests.length === 0 ? COPY.empty : undefined}
        >
          {data.requests.map((request) => (
            <tr key={request.id} className="border-t border-slate-200">
              <th scope="row" className="px-3 py-2 font-normal">
                {formatDateTime(request.at)}
              </th>
              <td className="px-3 py-2">
                <LogSentence parts={privacyRequestSentence(request)} />
              </td>
            </tr>
          ))}
        </DataTable>
      </Section>
    </div>
  );
}
