import type { LeadDelivery } from "../../../domain/staff-console-api";
import { CONSOLE_COPY } from "../../content/staff-console";
import { Button } from "../../components/button";
import { DataTable, ErrorMessage, Section, StatusMessage, formatDateTime } from "./console-ui";
import { useLeadForm } from "./use-console-form";
import { DELIVERY_STATUS, deliveryName, durationText } from "../../content/delivery-words";

const COPY = CONSOLE_COPY.lead;

/** The lead's deliveries (webhooks and e-mails) with their attempts; a failed one is sent again in place. */
export function LeadDeliveries({ deliveries }: { deliveries: LeadDelivery[] }) {
  // In place: the console's form hook posts to the lead route's action, then the router reloads the lead.
  const retry = useLeadForm({ intent: "retry", initial: {}, resetOnDone: true });
  return (
    <Section id="deliveries" heading={COPY.deliveries}>
      <StatusMessage message={retry.answer?.ok ? COPY.retried : undefined} />
      {deliveries.length === 0 ? (
        <p className="mt-2">{COPY.noDeliveries}</p>
      ) : (
        <DataTable caption={COPY.deliveryCaption} columns={Object.values(COPY.deliveryColumns)}>
          {deliveries.map((d) => (
            <tr key={d.id} className="border-t border-slate-200 align-top">
              <th scope="row" className="px-3 py-2 font-normal">
                {deliveryName(d.destination, d.recipient)}
              </th>
              <td className="px-3 py-2">
                {DELIVERY_STATUS[d.status] ?? d.status}
                {d.status === "failed" ? (
                  <Button
                    tone="plain"
                    className="ml-2"
                    isBusy={retry.isBusy}
                    busyLabel={COPY.retrying}
                    onClick={() => void retry.submit({ deliveryId: d.id })}
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
                        {formatDateTime(a.attemptedAt)}: {a.statusCode ?? a.error ?? ""} ({durationText(a.durationMs)})
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
      <ErrorMessage message={retry.error} />
    </Section>
  );
}
