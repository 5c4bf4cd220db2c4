import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import type { LeadDetail, LeadListPage } from "../../domain/staff-console-api";
import { NOT_CHECKED_YET } from "../../domain/verification-words";
import { listLeads } from "../store/console-queries";
import { facilityLeads, leadVerifications } from "../store/schema";
import { SUNRISE } from "../test-support/registry-seeds";
import { addAccount, signIn, type SignedIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import {
  seedLead,
  standInDeps,
  startRegistryStandIns,
  type RegistryStandIns,
} from "../test-support/verification-harness";
import { verificationView } from "./verification-view";
import { verifyLead } from "./verify-lead";

/** A director of nursing at Sunrise (a registry facility in Georgia). */
const sunrise = (email: string) => ({
  facilityName: "Sunrise Nursing & Rehab Center",
  facilityType: "nursing_home",
  location: "Georgia",
  email,
});

describe.each(STORE_KINDS)("the lead's verification in the console (%s)", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  let standIns: RegistryStandIns;
  let staff: SignedIn;
  useTestStore(kind, (made) => (store = made));
  beforeAll(async () => {
    standIns = await startRegistryStandIns({ holdMs: 800 });
  });
  afterAll(() => standIns.close());
  afterEach(async () => {
    standIns.nppes.setFault("none");
    await app?.close();
  });

  const start = async () => {
    app = await createTestApp(
      store,
      {
        NPPES_API_URL: standIns.nppes.url,
        CMS_PROVIDER_DATA_URL: standIns.cms.url,
        FACILITY_WEBSITE_URL: standIns.web.websiteUrl,
      },
      { outbox: false },
    );
    await addAccount(store.db, "worker@provider.example");
    staff = await signIn(app, "worker@provider.example");
  };
  const detail = async (id: string) =>
    (await app.inject({ url: `/api/staff/leads/${id}`, headers: staff.headers })).json<LeadDetail>();
  const dueList = async () =>
    (await app.inject({ url: "/api/staff/leads?due=verification", headers: staff.headers })).json<LeadListPage>();
  const receivedAt = (id: string, iso: string) =>
    store.db
      .update(facilityLeads)
      .set({ receivedAt: new Date(iso) })
      .where(eq(facilityLeads.id, id));

  it("answers the latest decision with its reasons in words, the registry record, its public pages and the domain tie", async () => {
    await start();
    const leadId = await seedLead(store.db, sunrise("jo@gmail.com"));
    await verifyLead(store.db, leadId, standInDeps(store.db, standIns));
    const { verification } = await detail(leadId);
    expect(verification).toMatchObject({
      decision: "needs_review",
      reasons: ["e-mail address not tied to the facility", "free-mail address"],
      workAddressConfirmedAt: "2026-11-26T01:00:00.000Z",
      qualifiedVia: "chat",
      emailFlags: ["free_mail"],
      registry: {
        status: "matched",
        facility: {
          npi: SUNRISE.npi,
          ccn: SUNRISE.ccn,
          phone: SUNRISE.phone,
          taxonomy: "Skilled Nursing Facility",
          authorizedOfficial: { firstName: "DANA", lastName: "REYES", title: "ADMINISTRATOR" },
        },
        links: [
          { registry: "nppes", url: `https://npiregistry.cms.hhs.gov/provider-view/${SUNRISE.npi}` },
          {
            registry: "care_compare",
            url: `https://www.medicare.gov/care-compare/details/nursing-home/${SUNRISE.ccn}`,
          },
        ],
      },
      domainTie: { tied: false, checks: [] },
    });
    expect(verification!.registry.facility!.address.state).toBe("GA");
    expect(verification!.registry.lookups.every((l) => l.ok)).toBe(true);
  });

  it("answers null for a lead never checked, and the work address's time from the plugged-in source when there is one", async () => {
    await start();
    const leadId = await seedLead(store.db, sunrise(`jo@${SUNRISE.domain}`));
    expect((await detail(leadId)).verification).toBeNull();
    await verifyLead(store.db, leadId, standInDeps(store.db, standIns, { workAddressConfirmedAt: async () => null }));
    expect((await detail(leadId)).verification).toMatchObject({
      workAddressConfirmedAt: null,
      reasons: ["work e-mail address not confirmed"],
    });
    const confirmed = new Date("2026-11-26T02:03:04Z");
    const view = await verificationView(store.db, leadId, { workAddressConfirmedAt: async () => confirmed });
    expect(view?.workAddressConfirmedAt).toEqual(confirmed);
  });

  it("reads an odd stored evidence row without failing", async () => {
    await start();
    const leadId = await seedLead(store.db, sunrise("jo@gmail.com"));
    await store.db.insert(leadVerifications).values({
      id: crypto.randomUUID(),
      leadId,
      decision: "needs_review",
      reasons: ["facility not found in Georgia"],
      evidence: { registry: "garbage", tie: 7, emailFlags: "x" },
      emailDomain: "gmail.com",
    });
    const response = await app.inject({ url: `/api/staff/leads/${leadId}`, headers: staff.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json<LeadDetail>().verification).toMatchObject({
      reasons: ["facility not found in Georgia"],
      registry: { status: "unavailable", facility: null, links: [] },
      domainTie: null,
      emailFlags: [],
    });
  });

  it("lists the leads that need a person oldest first, each with the reason that decides or 'not checked yet'", async () => {
    await start();
    const neverChecked = await seedLead(store.db, sunrise("ana@sunrise-care.example"), { clientIp: "198.51.100.1" });
    const freeMail = await seedLead(store.db, sunrise("bo@gmail.com"), { clientIp: "198.51.100.2" });
    const verified = await seedLead(store.db, sunrise(`cy@${SUNRISE.domain}`), { clientIp: "198.51.100.3" });
    const notQualified = await seedLead(store.db, sunrise("di@yahoo.com"), { qualified: null });
    await receivedAt(neverChecked, "2026-11-20T09:00:00Z");
    await receivedAt(freeMail, "2026-11-18T09:00:00Z");
    await receivedAt(verified, "2026-11-17T09:00:00Z");
    await receivedAt(notQualified, "2026-11-21T09:00:00Z");
    for (const id of [freeMail, verified, notQualified])
      await verifyLead(store.db, id, standInDeps(store.db, standIns));
    const rejected = await seedLead(store.db, sunrise("ed@gmail.com"));
    await receivedAt(rejected, "2026-11-16T09:00:00Z");
    const step = await app.inject({
      method: "POST",
      url: `/api/staff/leads/${rejected}/steps`,
      headers: staff.headers,
      payload: { to: "rejected", reason: "not_decision_maker", note: "Called: a scheduler" },
    });
    expect(step.statusCode).toBe(201);

    const page = await dueList();
    expect(page.leads.map((l) => [l.id, l.reason])).toEqual([
      [freeMail, "free-mail address"],
      [neverChecked, NOT_CHECKED_YET],
      [notQualified, "free-mail address"], // before "not qualified by the chat or a call" (decision 0035)
    ]);
    // Paged oldest first: the cursor continues after the last row shown.
    const first = await listLeads(store.db, { due: "verification" }, new Date(), 2);
    expect(first.leads.map((l) => l.id)).toEqual([freeMail, neverChecked]);
    const second = await listLeads(store.db, { due: "verification", cursor: first.nextCursor! }, new Date(), 2);
    expect(second.leads.map((l) => l.id)).toEqual([notQualified]);
    expect(second.nextCursor).toBeNull();
    // The lead list itself stays newest first and carries no reason.
    const all = (await app.inject({ url: "/api/staff/leads", headers: staff.headers })).json<LeadListPage>();
    expect(all.leads[0]!.id).toBe(notQualified);
    expect(all.leads[0]).not.toHaveProperty("reason");
    // Each row carries the step that decided its role, the lead's own (the lists read its standing from it).
    const row = (id: string) => all.leads.find((l) => l.id === id);
    expect(row(rejected)?.roleStep).toMatchObject({
      toStatus: "rejected",
      actor: expect.stringMatching(/^staff:/),
      details: { reason: "not_decision_maker" },
    });
    expect(row(neverChecked)?.roleStep).toBeNull();
    expect(row(freeMail)?.roleStep).toBeNull();
  });

  it("checks a lead again on a staff member's request, once at a time, and refuses a bad id", async () => {
    await start();
    const leadId = await seedLead(store.db, sunrise("fay@gmail.com"));
    expect((await dueList()).leads.map((l) => l.reason)).toEqual([NOT_CHECKED_YET]);
    standIns.nppes.setFault("timeout");
    const check = () =>
      app.inject({ method: "POST", url: `/api/staff/leads/${leadId}/verification`, headers: staff.headers });
    const [one, two] = await Promise.all([check(), new Promise((r) => setTimeout(r, 200)).then(check)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    expect(await store.db.select().from(leadVerifications)).toHaveLength(1);
    // The registries are down, but the free-mail address already stops the automatic payment: it
    // decides (decision 0035).
    expect((await dueList()).leads.map((l) => l.reasons)).toEqual([
      [
        "free-mail address",
        "work e-mail address not confirmed",
        "registries could not be reached: checked again later",
      ],
    ]);
    standIns.nppes.setFault("none");
    const again = await check();
    expect(again.statusCode).toBe(201);
    expect(again.json<{ verification: { decision: string; reasons: string[] } }>().verification).toMatchObject({
      decision: "needs_review",
      // A free-mail address is never tied: its site is not read (decision 0040), so no tie reason follows.
      reasons: ["work e-mail address not confirmed", "free-mail address"],
    });
    const bad = await app.inject({ method: "POST", url: "/api/staff/leads/nope/verification", headers: staff.headers });
    expect(bad.statusCode).toBe(404);
    const unknown = await app.inject({
      method: "POST",
      url: `/api/staff/leads/${crypto.randomUUID()}/verification`,
      headers: staff.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const signedOut = await app.inject({ method: "POST", url: `/api/staff/leads/${leadId}/verification` });
    expect(signedOut.statusCode).toBe(401);
  });
});
