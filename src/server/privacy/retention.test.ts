import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LeadRequestSchema } from "../../domain/facility-lead";
import { facilityLeadRow } from "../test-support/repositories";
import { deliveries, facilityLeads, leadTransitions, privacyRequests } from "../store/schema";
import { createTestApp, STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { runRetention } from "./retention";

const DAY = 86_400_000;
const PERIODS = { spamDays: 30, deliveredDays: 30, leadMonths: 24 };

describe.each(STORE_KINDS)("the retention job on %s", (kind) => {
  let store: TestStore;
  useTestStore(kind, (made) => (store = made));
  const now = new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  async function lead(name: string, receivedAt: Date, options: { spam?: boolean; steps?: string[] } = {}) {
    const row = facilityLeadRow(
      LeadRequestSchema.parse(homepageLead({ firstName: name, email: `${name.toLowerCase()}@facility.example` })),
      { clientIp: "198.51.100.1", userAgent: "test", now: receivedAt },
    );
    await store.db.insert(facilityLeads).values({ ...row, isSpam: options.spam ?? false });
    let from = "new";
    for (const to of options.steps ?? []) {
      await store.db.insert(leadTransitions).values({
        id: randomUUID(),
        leadId: row.id!,
        at: receivedAt,
        actor: "system:chat",
        fromStatus: from,
        toStatus: to,
        details: {},
        note: "",
      });
      from = to;
    }
    return row.id!;
  }
  async function delivery(status: string, deliveredAt: Date | null, createdAt: Date) {
    const id = randomUUID();
    await store.db.insert(deliveries).values({
      id,
      destination: "homepage_webhook",
      recordKind: "facility_lead",
      recordId: randomUUID(),
      url: "http://127.0.0.1:9/x",
      payload: JSON.stringify({ email: "keep@x.example" }),
      status,
      deliveredAt,
      createdAt,
    });
    return id;
  }
  const exists = async (id: string) => (await store.db.$count(facilityLeads, eq(facilityLeads.id, id))) === 1;
  const payloadOf = async (id: string) =>
    (await store.db.select({ payload: deliveries.payload }).from(deliveries).where(eq(deliveries.id, id)))[0]?.payload;

  it("deletes what is due and nothing else", async () => {
    const oldSpam = await lead("OldSpam", ago(31), { spam: true });
    const newSpam = await lead("NewSpam", ago(29), { spam: true });
    const oldDelivered = await delivery("delivered", ago(31), ago(31));
    const newDelivered = await delivery("delivered", ago(29), ago(31));
    const oldPending = await delivery("pending", null, ago(40));
    const oldBare = await lead("OldBare", ago(25 * 30.5));
    const oldRejected = await lead("OldRejected", ago(25 * 30.5), { steps: ["rejected"] });
    const oldQualified = await lead("OldQualified", ago(25 * 30.5), { steps: ["qualified"] });
    const youngBare = await lead("YoungBare", ago(23 * 30.5));
    await store.db.insert(privacyRequests).values([
      {
        id: randomUUID(),
        at: ago(25 * 30.5),
        kind: "export",
        actor: "admin-token",
        subjectKind: "email",
        touched: {},
        recordIds: [],
      },
      {
        id: randomUUID(),
        at: ago(23 * 30.5),
        kind: "export",
        actor: "admin-token",
        subjectKind: "email",
        touched: {},
        recordIds: [],
      },
    ]);

    const counts = await runRetention(store.db, PERIODS, now);
    expect(counts).toMatchObject({ spam: 1, delivered_payloads: 1, unqualified_leads: 2, request_log: 1 });

    expect(await exists(oldSpam)).toBe(false);
    expect(await exists(newSpam)).toBe(true);
    expect(await payloadOf(oldDelivered)).toBe('{"erased":true}');
    expect(await payloadOf(newDelivered)).toContain("keep@x.example");
    expect(await payloadOf(oldPending)).toContain("keep@x.example");
    expect(await exists(oldBare)).toBe(false);
    // Its history is append-only: erased in place, the step kept.
    const [rejected] = await store.db.select().from(facilityLeads).where(eq(facilityLeads.id, oldRejected));
    expect(rejected).toMatchObject({ firstName: "[erased]", email: "[erased]", pipelineStatus: "new" });
    expect(await store.db.$count(leadTransitions, eq(leadTransitions.leadId, oldRejected))).toBe(1);
    expect(await exists(oldQualified)).toBe(true);
    expect(await exists(youngBare)).toBe(true);
    expect(await store.db.$count(privacyRequests, sql`${privacyRequests.kind} = 'export'`)).toBe(1);

    // A second run finds nothing more to do.
    expect(await runRetention(store.db, PERIODS, now)).toEqual({
      spam: 0,
      delivered_payloads: 0,
      unqualified_leads: 0,
      deferred_erasures: 0,
      request_log: 0,
    });
  });

  it("runs at the server's start and at once on the admin's request, counted in the metrics", async () => {
    await lead("OldSpam", ago(31), { spam: true });
    const app = await createTestApp(store, {
      RETENTION_JOB: true,
      ADMIN_TOKEN: "a-test-admin-token-123456",
      METRICS_TOKEN: "a-test-metrics-token-12345",
    });
    await app.ready();
    try {
      const deadline = Date.now() + 5000;
      while ((await store.db.$count(facilityLeads)) > 0) {
        if (Date.now() > deadline) throw new Error("retention did not run at start");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await lead("Spam2", ago(40), { spam: true });
      const response = await app.inject({
        method: "POST",
        url: "/api/admin/retention",
        headers: { authorization: "Bearer a-test-admin-token-123456" },
      });
      expect(response.json()).toMatchObject({ applied: { spam: 1 } });
      const metrics = await app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: "Bearer a-test-metrics-token-12345" },
      });
      expect(metrics.body).toMatch(/funnel_retention_applied_total\{what="spam"\} 2/);
    } finally {
      await app.close();
    }
  });
});
