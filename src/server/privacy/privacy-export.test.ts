import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { deliveries, facilityLeads, leadTransitions, rewards } from "../store/schema";
import { forwardingHarness } from "../test-support/forwarding-harness";
import {
  ADMIN,
  PERSON,
  adminRequest,
  leadThroughCardAndBonus as leadThroughCardAndBonusOf,
} from "../test-support/privacy-test-helpers";
import { STORE_KINDS } from "../test-support/test-helpers";

/** A person's export on request: every table that names them, each part with where it came from. */
describe.each(STORE_KINDS)("a person's export on %s", (kind) => {
  const h = forwardingHarness(kind);
  const admin = adminRequest;
  const leadThroughCardAndBonus = (app: FastifyInstance) => leadThroughCardAndBonusOf(app, h.store.db);

  it("hands over everything kept about a person, each part with where it came from", async () => {
    const app = await h.start(
      { ADMIN_TOKEN: ADMIN, MIN_FILL_SECONDS: 0, PIPELINE_WEBHOOK_URL: "http://127.0.0.1:9/never" },
      {},
    );
    const { lead } = await leadThroughCardAndBonus(app);
    const response = await admin(app, "/api/admin/privacy/export", { subject: PERSON.phone, reference: "DSAR-7" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const document = response.json<{ parts: Record<string, { source: string; records: Record<string, unknown>[] }> }>();
    expect(document.parts.facilityLeads!.records.map((r) => r.id)).toEqual([lead.id]);
    expect(document.parts.chatQualifications!.records[0]!.answers).toMatchObject({
      challenge: PERSON.challenge,
      giftCardEmail: PERSON.giftCardEmail,
    });
    expect(document.parts.leadTransitions!.records).toHaveLength(5);
    expect(document.parts.deliveries!.records.length).toBeGreaterThan(0);
    for (const part of Object.values(document.parts)) expect(part.source.length).toBeGreaterThan(10);
    // Every row the database has for this lead, table by table.
    const counts: Record<string, number> = {
      facilityLeads: await h.store.db.$count(facilityLeads, sql`${facilityLeads.id} = ${lead.id}`),
      leadTransitions: await h.store.db.$count(leadTransitions, sql`${leadTransitions.leadId} = ${lead.id}`),
      deliveries: await h.store.db.$count(deliveries, sql`${deliveries.recordId} = ${lead.id}`),
      rewards: await h.store.db.$count(rewards, sql`${rewards.leadId} = ${lead.id}`),
    };
    for (const [part, count] of Object.entries(counts)) expect(document.parts[part]!.records).toHaveLength(count);
    const requests = (await admin(app, "/api/admin/privacy/requests")).json<{ requests: { kind: string }[] }>()
      .requests;
    expect(requests.map((r) => r.kind)).toEqual(["export"]);
  });
});
