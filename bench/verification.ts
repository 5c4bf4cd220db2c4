/**
 * npm run bench:verification — verification's lookups (decision 0024) against the registry stand-ins
 * on 127.0.0.1 and an embedded database (PGlite, in memory): BENCH_LEADS (default 60) seeded
 * leads in the mix below, each verified twice. The first pass meets an empty registry cache
 * (each distinct search asks its stand-in once), the second reads every search from the cache.
 * Prints and writes bench/results/verification.json: p50/p95 of one registry search (answered by
 * the stand-in, and from the cache), of a whole verifyLead, and the share verified automatically.
 * The stand-ins answer at once: the figures are our own cost, not the providers' latency.
 *
 * Then "paid at once" (the verification runner, auto-pay on, the Tremendous stand-in): BENCH_PAID_LEADS
 * (default 30) leads qualified through the chat API on a fresh database, two in three at distinct
 * registry facilities on their own domains, the rest free-mail, look-alike, another state or the
 * code not confirmed. Each lead's code is confirmed, then the runner nudged (what the code's hook
 * does): the time from that nudge to the order accepted by the stand-in and recorded (p50, p95),
 * and the share verified automatically and paid.
 */
import { writeFileSync } from "node:fs";
import { openStore } from "../src/server/store/database";
import { autoVerifyApp, autoVerifyConfig, qualifyByChat } from "../src/server/test-support/auto-verify-harness";
import { startCmsStandIn } from "../src/server/test-support/cms-stand-in";
import { startFacilityWebsiteStandIn } from "../src/server/test-support/facility-website-stand-in";
import { startNppesStandIn, type NppesSeed } from "../src/server/test-support/nppes-stand-in";
import { startRdapStandIn } from "../src/server/test-support/rdap-stand-in";
import {
  DOMAIN_REGISTRATIONS,
  CMS_HOSPITALS,
  CMS_NURSING_HOMES,
  FACILITY_SITES,
  NPPES_SEEDS,
} from "../src/server/test-support/registry-seeds";
import { startTremendousStandIn } from "../src/server/test-support/tremendous-stand-in";
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

await standIns.close();
await store.close();

// Paid at once: one registry facility per verifiable lead (the policy pays one card per facility and two per domain a day).
const PAID_LEADS = Number(process.env.BENCH_PAID_LEADS ?? 30);
const WORDS =
  "alder birch cedar dogwood elm fir ginkgo hazel ivy juniper larch maple oak pine quince rowan spruce tupelo willow yew aspen beech cypress hemlock linden magnolia poplar redbud sassafras walnut".split(
    " ",
  );
const facilities = Array.from({ length: PAID_LEADS }, (_, i) => {
  const word = `${WORDS[i % WORDS.length]}${i >= WORDS.length ? i : ""}`;
  const phone = `706555${String(1000 + i)}`;
  const seed: NppesSeed = {
    npi: String(1500000000 + i),
    name: `${word.toUpperCase()} MEADOWS ASSISTED LIVING LLC`,
    address: { line: `${i + 1} MAIN ST`, city: "ATHENS", state: "GA", zip: "30601" },
    phone: `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`,
    taxonomy: "Assisted Living Facility",
    official: { firstName: "RAE", lastName: "COLE", title: "MANAGER", phone: "7065550151" },
  };
  return { word, phone, seed, domain: `${word}-meadows.example` };
});
const paidStandIns = {
  nppes: await startNppesStandIn([...NPPES_SEEDS, ...facilities.map((f) => f.seed)]),
  cms: await startCmsStandIn({ nursingHomes: CMS_NURSING_HOMES, hospitals: CMS_HOSPITALS }),
  web: await startFacilityWebsiteStandIn({
    ...structuredClone(FACILITY_SITES),
    ...Object.fromEntries(facilities.map((f) => [f.domain, { home: `<p>Call ${f.seed.phone}</p>` }])),
  }),
  rdap: await startRdapStandIn({
    ...DOMAIN_REGISTRATIONS,
    ...Object.fromEntries(facilities.map((f) => [f.domain, "2010-01-01T00:00:00Z"])),
  }),
  close: async () => {},
};
const tremendous = await startTremendousStandIn({ apiKey: "auto-verify-key" });
const paidStore = await openStore({ dataDir: "memory://" });
const confirmedAt = new Map<string, Date>();
const app = await autoVerifyApp(
  paidStore,
  autoVerifyConfig(paidStandIns, tremendous, {
    VERIFICATION_SWEEP_MS: 3_600_000,
    VERIFICATION_AUTO_PAY_DAILY_LIMIT: PAID_LEADS,
  }),
  { workAddressConfirmedAt: async (leadId) => confirmedAt.get(leadId) ?? null },
);
const refusals: Array<Record<string, string>> = [
  { email: "jo.kim@gmail.com" },
  { email: "jo@sunrise-care-center.example" },
  { location: "Florida" },
  { confirm: "no" },
];
const toOrder: number[] = [];
let verifiedAutomatically = 0;
let paid = 0;
for (let i = 0; i < PAID_LEADS; i++) {
  const f = facilities[i]!;
  const refusal = i % 3 === 2 ? refusals[Math.floor(i / 3) % refusals.length] : undefined;
  const { confirm, ...fields } = refusal ?? {};
  const leadId = await qualifyByChat(
    app,
    {
      facilityName: `${f.word} Meadows Assisted Living`,
      facilityType: "assisted_living",
      location: "Georgia",
      firstName: "Jo",
      lastName: "Kim",
      email: `jo@${f.domain}`,
      phone: f.phone,
      ...fields,
    },
    `203.0.113.${i + 1}`,
  );
  await app.verification!.idle(); // the qualification's own run: the code is not confirmed yet
  if (confirm !== "no") confirmedAt.set(leadId, new Date());
  const started = performance.now();
  const outcome = await app.verification!.nudge(leadId);
  if (outcome.order === "ordered") toOrder.push(Math.round(performance.now() - started));
  if (outcome.decision === "verified") verifiedAutomatically++;
  if (outcome.order === "ordered") paid++;
}
const paidAtOnce = {
  leads: PAID_LEADS,
  codeConfirmedToOrderAcceptedMs: summary(toOrder),
  verifiedAutomaticallyShare: verifiedAutomatically / PAID_LEADS,
  paidShare: paid / PAID_LEADS,
  ordersAtStandIn: tremendous.orders.length,
};
await app.close();
await paidStore.close();
await tremendous.close();
await Promise.all([paidStandIns.nppes.close(), paidStandIns.cms.close(), paidStandIns.web.close()]);

const report = {
  leads: LEADS,
  requestsToStandIns: { nppes: standIns.nppes.requests(), cms: standIns.cms.requests() },
  passes,
  paidAtOnce,
};
console.log(JSON.stringify(report, null, 2));
writeFileSync(new URL("results/verification.json", import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
