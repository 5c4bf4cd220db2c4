import { useState } from "react";
import { Button } from "../../components/button";
import { SECURITY_COPY } from "../../content/staff-security";
import { DataTable, ErrorMessage, StatusMessage, ViewHeading } from "./console-ui";
import type { SignInThrottle } from "../../../domain/staff-console-api";
import { staffApi } from "./staff-api";
import { useStaffData } from "./use-staff-data";

const COPY = SECURITY_COPY.throttles;

const when = (iso: string) => new Date(iso).toLocaleString();

/** Admins: who failed to sign in lately, who is waiting, and a Lift button for each. */
export function ThrottlesView() {
  const list = useStaffData<{ throttles: SignInThrottle[] }>("/throttles");
  const throttles = list.data?.throttles;
  const [liftError, setError] = useState<string>();
  const error = liftError ?? list.error;
  const [status, setStatus] = useState<string>();
  const [lifting, setLifting] = useState<string>();


  const lift = async (throttle: SignInThrottle) => {
    setLifting(throttle.key);
    setError(undefined);
    const result = await staffApi("/throttles/lift", { method: "POST", body: { keys: [throttle.key] } });
    setLifting(undefined);
    if (!result.ok) return setError(result.error);
    setStatus(`${COPY.lifted} ${throttle.label}`);
    list.reload();
  };

  return (
    <section>
      <ViewHeading>{COPY.heading}</ViewHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{COPY.intro}</p>
      <ErrorMessage message={error} />
      <StatusMessage message={status} />
      {throttles && throttles.length === 0 ? <p className="mt-4">{COPY.empty}</p> : null}
      {throttles && throttles.length > 0 ? (
        <DataTable caption={COPY.heading} columns={Object.values(COPY.columns)}>
          {throttles.map((throttle) => {
            const waiting = throttle.blockedUntil && new Date(throttle.blockedUntil) > new Date();
            return (
              <tr key={throttle.key} className="border-t border-slate-200 align-top">
                <td className="px-3 py-2">{COPY.kinds[throttle.kind] ?? throttle.kind}</td>
                <td className="px-3 py-2 break-all">{throttle.label}</td>
                <td className="px-3 py-2">{throttle.failures}</td>
                <td className="px-3 py-2">{when(throttle.lastFailureAt)}</td>
                <td className="px-3 py-2">{waiting ? when(throttle.blockedUntil!) : COPY.notWaiting}</td>
                <td className="px-3 py-2">
                  <Button tone="plain" aria-label={`${COPY.lift} ${throttle.label}`} isBusy={lifting === throttle.key} busyLabel={COPY.lifting} onClick={() => void lift(throttle)}>
                    {COPY.lift}
                  </Button>
                </td>
              </tr>
            );
          })}
        </DataTable>
      ) : null}
    </section>
  );
}
