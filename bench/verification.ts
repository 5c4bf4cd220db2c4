/**
 * npm run bench:verification — verification's lookups (issue 31) against the registry stand-ins
 * on 127.0.0.1 and an embedded database (PGlite, in memory): BENCH_LEADS (default 60) seeded
 * leads in the mix below, each verified twice. The first pass meets an empty registry cache
 * (each distinct search asks its stand-in once), the second reads every search from the cache.
 * Prints and writes bench/results/verification.json: p50/p95 of one registry search (answered by
 * the stand-in, and from the cache), of a whole verifyLead, and the share verified automatically.
 * The stand-ins answer at once: the figures are our own cost, not the providers' latency.
 */
import { writeFileSync } from "node:fs";
import { openStore } from "../src/server/store/database";
import { seedLead, standInDeps, startRegistryStandIns } from "../src/server/test-support/verification-harness";
import { verifyLead, type VerificationEvidence } from "../src/server/verification/verify-lead";

const LEADS = Number(process.env.BENCH_LEADS ?? 60);

/** The mix: a third verifiable (one per facility and domain is all the policy allows), the rest the usual refusals. */
const MIX: Array<Record<string, string>> = [
  { facilityName: "Sunrise Nursing & Rehab Center", facilityType: "nursing_home", email: "jo@sunrise-care.example" },
  { facilityName: "Mercy General Hospital", facilityType: "hospital", email: "jo@mercy-general.example" },
  { facilityName: "Peach State Assisted Living", facilityType: "assisted_living", email: "jo@health-system.example" },
  { facilityName: "Sunrise Nursing & Rehab Center", facilityType: "nursing_home", email: "jo.kim@gmail.com" },
  {
    facilityName: "Sunrise Nursing & Rehab Center",
    facilityType: "nursing_home",
    email: "jo@sunrise-care-center.example",
  },
  { facilityName: "Brookside Manor", facilityType: "nursing_home", email: "jo@brookside.example" },
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const summary = (values: number[]) => ({ n: values.length, p50: percentile(values, 50), p95: percentile(values, 95) });

const store = await openStore({ dataDir: "memory://" });
const standIns = await startRegistryStandIns();
const deps = standInDeps(store.db, standIns);
const leads: string[] = [];
for (let i = 0; i < LEADS; i++)
  leads.push(
    await seedLead(store.db, { ...MIX[i % MIX.length], location: "Georgia" }, { clientIp: `203.0.113.${i % 250}` }),
  );

const passes = [];
for (const pass of ["empty cache", "warm cache"]) {
  const searches: { asked: number[]; cached: number[] } = { asked: [], cached: [] };
  const whole: number[] = [];
  let verified = 0;
  for (const lead of leads) {
    const started = performance.now();
    const verification = await verifyLead(store.db, lead, deps);
    whole.push(Math.round(performance.now() - started));
    if (verification?.decision === "verified") verified++;
    for (const lookup of (verification!.evidence as unknown as VerificationEvidence).registry.lookups)
      (lookup.cached ? searches.cached : searches.asked).push(lookup.ms);
  }
  passes.push({
    pass,
    searchAnsweredByStandInMs: summary(searches.asked),
    searchFromCacheMs: summary(searches.cached),
    verifyLeadMs: summary(whole),
    verifiedShare: verified / leads.length,
  });
}

const report = {
  leads: LEADS,
  requestsToStandIns: { nppes: standIns.nppes.requests(), cms: standIns.cms.requests() },
  passes,
};
console.log(JSON.stringify(report, null, 2));
writeFileSync(new URL("results/verification.json", import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
await standIns.close();
await store.close();
