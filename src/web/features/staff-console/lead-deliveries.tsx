import { useFetcher } from "react-router";
import type { LeadDelivery } from "../../../domain/staff-console-api";
import { CONSOLE_COPY } from "../../content/staff-console";
import { Button } from "../../components/button";
import { DataTable, ErrorMessage, Section, StatusMessage, formatDateTime } from "./console-ui";
import type { ApiResult } from "./staff-api";

const COPY = CONSOLE_COPY.lead;

/** The lead's deliveries (webhooks and e-mails) with their attempts; a failed one is sent again in place. */
export function LeadDeliveries({ deliveries }: { deliveries: LeadDelivery[] }) {
  // In place: the router's fetcher posts to the lead route's action, then reloads the lead.
  const retry = useFetcher<ApiResult<unknown>>();
  return (
    <Section id="deliveries" heading={COPY.deliveries}>
      <StatusMessage message={retry.data?.ok ? COPY.retried : undefined} />
      {deliveries.length === 0 ? (
        <p className="mt-2">{COPY.noDeliveries}</p>
      ) : (
        <DataTable caption={COPY.deliveryCaption} columns={Object.values(COPY.deliveryColumns)}>
          {deliveries.map((d) => (
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
  );
}
