import { and, gte, lte, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { COUNTED_FORMS, FORM_STEPS, FORM_STEP_LIMITS, type FormStepFunnel } from "../../domain/form-steps";
import type { FormStepBeacon } from "../../domain/form-step-requests";
import type { Limiter } from "../abuse-protection";
import { clientAddressKey } from "../client-address";
import type { Database } from "../store/database";
import { formStepCounts } from "../store/schema";

/** One more page load at this step today (UTC): a count, nothing else. */
export async function countFormStep(db: Database, beacon: FormStepBeacon, now: Date): Promise<void> {
  await db
    .insert(formStepCounts)
    .values({ day: now.toISOString().slice(0, 10), ...beacon, count: 1 })
    .onConflictDoUpdate({
      target: [formStepCounts.day, formStepCounts.form, formStepCounts.source, formStepCounts.step],
      set: { count: sql`${formStepCounts.count} + 1` },
    });
}

/** Each form's counts per step over the days from `from` to `to` (UTC, both included), every source together. */
export async function formStepFunnels(db: Database, from: string, to: string): Promise<FormStepFunnel[]> {
  const rows = await db
    .select({ form: formStepCounts.form, step: formStepCounts.step, count: sql<string>`sum(${formStepCounts.count})` })
    .from(formStepCounts)
    .where(and(gte(formStepCounts.day, from), lte(formStepCounts.day, to)))
    .groupBy(formStepCounts.form, formStepCounts.step);
  return COUNTED_FORMS.map((form) => ({
    form,
    steps: FORM_STEPS.map((step) => ({
      step,
      count: Number(rows.find((row) => row.form === form && row.step === step)?.count ?? 0),
    })),
  }));
}

/**
 * Whether a client's beacon is counted (decision 0043): at most FORM_STEP_LIMITS a minute and a day
 * per client, an IPv4 address as itself and an IPv6 address by its /64 (one subscriber rotating
 * through its prefix is one client). The rate-limit plugin's limiters, so the counts are shared
 * through Redis when REDIS_URL is set; a limiter that fails lets the beacon be counted.
 */
export function formStepAllowance(app: FastifyInstance): (request: FastifyRequest) => Promise<boolean> {
  const limiters = [
    { prefix: "form-step-minute:", max: FORM_STEP_LIMITS.perClientPerMinute, timeWindow: 60_000 },
    { prefix: "form-step-day:", max: FORM_STEP_LIMITS.perClientPerDay, timeWindow: 86_400_000 },
  ].map(
    ({ prefix, max, timeWindow }) =>
      app.createRateLimit({
        max,
        timeWindow,
        keyGenerator: (request: FastifyRequest) => prefix + clientAddressKey(request),
      }) as unknown as Limiter,
  );
  return async (request) => {
    let allowed = true;
    // Both are counted: a burst refused by the minute's limit still spends the day's.
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) allowed = false;
    }
    return allowed;
  };
}
