import { and, gte, lte, sql } from "drizzle-orm";
import { COUNTED_FORMS, FORM_STEPS, type FormStepFunnel } from "../../domain/form-steps";
import type { FormStepBeacon } from "../../domain/form-step-requests";
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
 * Bursts: more than `perMinute` beacons from one client address in a minute are not counted
 * (a script replaying the beacon). The addresses live in memory for that minute only.
 */
export function burstGuard(perMinute: number, clock: () => number = Date.now) {
  let minute = -1;
  let seen = new Map<string, number>();
  return (address: string): boolean => {
    const now = Math.floor(clock() / 60_000);
    if (now !== minute) {
      minute = now;
      seen = new Map();
    }
    const count = (seen.get(address) ?? 0) + 1;
    seen.set(address, count);
    return count <= perMinute;
  };
}
