import { useState } from "react";
import { Button } from "../../components/button";
import { CONSOLE_COPY } from "../../content/staff-console";
import { SECURITY_COPY } from "../../content/staff-security";
import { fieldsOf, runAction } from "./console-actions";
import { ThrottlesIntentSchema } from "../../../domain/staff-console-intents";
import { DataTable, ErrorMessage, StatusMessage, ViewHeading } from "./console-ui";
import type { SignInThrottle, ThrottleList } from "../../../domain/staff-console-api";
import { readApi } from "./staff-api";
import { useThrottlesForm } from "./use-console-form";
import { requireAdmin } from "./staff-session";

const COPY = SECURITY_COPY.throttles;

const when = (iso: string) => new Date(iso).toLocaleString();

/** The throttles route's read (admins): who failed to sign in lately, and who is waiting. */
export async function loadThrottles(): Promise<SignInThrottle[]> {
  await requireAdmin(CONSOLE_COPY.refused.throttles);
  return (await readApi<ThrottleList>("/throttles")).throttles;
}

/** The throttles route's change: lift one (checked with the schema the server parses it with). */
export const changeThrottles = (request: Request) =>
  runAction(request, ThrottlesIntentSchema, (lift, post) => post("/throttles/lift", fieldsOf(lift)));

/** Admins: who failed to sign in lately, who is waiting, and a Lift button for each (in place, by the router's fetcher). */
export function ThrottlesView({ throttles }: { throttles: SignInThrottle[] }) {
  const lift = useThrottlesForm({ intent: "lift", initial: {}, resetOnDone: true });
  const [lifted, setLifted] = useState<SignInThrottle>();
  const lifting = lift.isBusy ? lifted?.key : undefined;
  const { answer } = lift;

  return (
    <section>
      <ViewHeading>{COPY.heading}</ViewHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{COPY.intro}</p>
      <ErrorMessage message={answer && !answer.ok ? answer.error : undefined} />
      <StatusMessage message={answer?.ok && lifted ? `${COPY.lifted} ${lifted.label}` : undefined} />
      {throttles.length === 0 ? <p className="mt-4">{COPY.empty}</p> : null}
      {throttles.length > 0 ? (
        <DataTable caption={COPY.heading} columns={Object.values(COPY.columns)}>
          {throttles.map((throttle) => {
            const waiting = throttle.blockedUntil && new Date(throttle.blockedUntil) > new Date();
            return (
              <tr key={throttle.key} className="border-t border-slate-200 align-top">
                <td className="px-3 py-2">{COPY.kinds[throttle.kind] ?? throttle.kind}</td>
                <td className="px-3 py-2 break-words">{throttle.label}</td>
                <td className="px-3 py-2">{throttle.failures}</td>
                <td className="px-3 py-2">{when(throttle.lastFailureAt)}</td>
                <td className="px-3 py-2">{waiting ? when(throttle.blockedUntil!) : COPY.notWaiting}</td>
                <td className="px-3 py-2">
                  <Button
                    tone="plain"
                    aria-label={`${COPY.lift} ${throttle.label}`}
                    isBusy={lifting === throttle.key}
                    busyLabel={COPY.lifting}
                    onClick={() => {
                      if (lift.isBusy) return;
                      setLifted(throttle);
                      void lift.submit({ keys: [throttle.key] });
                    }}
                  >
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
