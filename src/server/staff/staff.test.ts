import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { addAccount, signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead, qualifyLead } from "../test-support/test-fixtures";

describe.each(STORE_KINDS)("staff console API: the leads on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  afterEach(async () => {
    await app?.close();
  });

  const postLead = async (lead = homepageLead()) => {
    const response = await app.inject({ method: "POST", url: "/api/leads", payload: lead });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };

  it("walks a lead through the pipeline, records each step, and refuses a card before verification", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    const leadId = await postLead();
    const step = (payload: object) =>
      app.inject({ method: "POST", url: `/api/staff/leads/${leadId}/steps`, headers: me.headers, payload });
    const early = await step({ to: "gift_card_sent", reference: "VISA-1" });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("The gift card can only be sent after the role is verified.");
    const noNote = await step({ to: "role_verified", method: "work_email", note: " " });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error).toBe("Say how the role was verified in the note.");
    for (const payload of [
      { to: "qualified", note: "Called, needs 3 CNAs" },
      { to: "role_verified", method: "phone_call_to_facility", note: "Front desk confirmed she is the DON" },
      { to: "gift_card_sent", reference: "VISA-0001" },
      { to: "first_shift_filled" },
      { to: "bonus_sent", reference: "VISA-0002" },
    ]) {
      expect((await step(payload)).statusCode, payload.to).toBe(201);
    }
    const detail = (await app.inject({ url: `/api/staff/leads/${leadId}`, headers: me.headers })).json();
    expect(detail.lead.pipelineStatus).toBe("bonus_sent");
    expect(detail.timeline.map((t: { toStatus: string }) => t.toStatus)).toEqual([
      "qualified",
      "role_verified",
      "gift_card_sent",
      "first_shift_filled",
      "bonus_sent",
    ]);
    expect(detail.timeline[2]).toMatchObject({
      actor: "staff:worker@provider.example",
      details: { reference: "VISA-0001", amountUsd: 50 },
    });
    expect(detail.timeline[4].details).toEqual({ reference: "VISA-0002", amountUsd: 250 });
    expect((await step({ to: "rejected", reason: "duplicate" })).statusCode).toBe(409);
    // The history cannot be changed afterwards, not even by SQL.
    await expect(store.db.execute(sql`update lead_transitions set note = 'changed'`)).rejects.toThrow();
    await expect(store.db.execute(sql`delete from lead_transitions`)).rejects.toThrow();
  });

  it("lists newest first, filters, searches and pages with a cursor; counts each status", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    const a = await postLead(
      homepageLead({
        email: "alpha@clinic.example",
        phone: "5550100001",
        facilityName: "Alpha Clinic",
        firstName: "Ann",
        lastName: "Lee",
      }),
    );
    const b = await postLead(
      qualifyLead({ email: "beta@clinic.example", phone: "5550100002", facilityName: "Beta Home" }),
    );
    const c = await postLead(
      homepageLead({ email: "gamma@clinic.example", phone: "5550100003", facilityName: "Gamma Care" }),
    );
    const list = async (query: string) => {
      const response = await app.inject({ url: `/api/staff/leads?${query}`, headers: me.headers });
      expect(response.statusCode, query).toBe(200);
      return response.json() as { leads: { id: string }[]; nextCursor: string | null };
    };
    expect((await list("")).leads.map((l) => l.id)).toEqual([c, b, a]);
    expect((await list("form=qualify_page")).leads.map((l) => l.id)).toEqual([b]);
    expect((await list("q=ALPHA@clinic")).leads.map((l) => l.id)).toEqual([a]);
    expect((await list("q=(555) 010-0002")).leads.map((l) => l.id)).toEqual([b]);
    expect((await list("q=gamma")).leads.map((l) => l.id)).toEqual([c]);
    expect((await list("q=ann lee")).leads.map((l) => l.id)).toEqual([a]);
    expect((await list("q=%25")).leads).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).leads).toHaveLength(3);
    expect((await list("from=2000-01-01&to=2000-01-02")).leads).toHaveLength(0);
    await app.inject({
      method: "POST",
      url: `/api/staff/leads/${b}/steps`,
      headers: me.headers,
      payload: { to: "qualified" },
    });
    expect((await list("status=qualified")).leads.map((l) => l.id)).toEqual([b]);
    const counts = (await app.inject({ url: "/api/staff/leads/counts", headers: me.headers })).json().counts;
    expect(counts).toMatchObject({ new: 2, qualified: 1, role_verified: 0 });
    const bad = await app.inject({ url: "/api/staff/leads?status=maybe&from=yesterday", headers: me.headers });
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ url: "/api/staff/leads?cursor=nonsense", headers: me.headers })).statusCode).toBe(400);
  });

  it("exports the filtered list as CSV, streamed, formula-safe, with the pipeline status (admins only)", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "boss@provider.example", "admin");
    const me = await signIn(app, "boss@provider.example");
    await postLead(homepageLead({ email: "one@clinic.example", phone: "5550200001", facilityName: '=HYPERLINK("x")' }));
    const other = await postLead(qualifyLead({ email: "two@clinic.example", phone: "5550200002" }));
    await app.inject({
      method: "POST",
      url: `/api/staff/leads/${other}/steps`,
      headers: me.headers,
      payload: { to: "qualified" },
    });
    const all = await app.inject({ url: "/api/staff/leads.csv", headers: me.headers });
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(all.headers["cache-control"]).toBe("no-store");
    const lines = all.body.trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]!.endsWith(",pipelineStatus")).toBe(true);
    expect(all.body).toContain(`"'=HYPERLINK(""x"")"`);
    const filtered = await app.inject({ url: "/api/staff/leads.csv?status=qualified", headers: me.headers });
    const rows = filtered.body.trim().split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain("two@clinic.example");
    expect(rows[1]!.endsWith(",qualified")).toBe(true);
    const control = await app.inject({ url: "/api/staff/leads?q=a%00b", headers: me.headers });
    expect(control.statusCode).toBe(400);
  });

  it("pages through the list with the cursor", async () => {
    app = await createTestApp(store);
    const { listLeads } = await import("../store/console-queries");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.unshift(await postLead(homepageLead({ email: `p${i}@clinic.example`, phone: `555010100${i}` })));
    const first = await listLeads(store.db, {}, new Date(), 2);
    const second = await listLeads(store.db, { cursor: first.nextCursor! }, new Date(), 2);
    const third = await listLeads(store.db, { cursor: second.nextCursor! }, new Date(), 2);
    expect([...first.leads, ...second.leads, ...third.leads].map((l) => l.id)).toEqual(ids);
    expect(third.nextCursor).toBeNull();
  });

  it("flags likely duplicates and free-mail before verification", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    const first = await postLead(homepageLead({ email: "dana@gmail.com" }));
    const second = await postLead(
      qualifyLead({
        email: "other@lakeside.example",
        facilityName: "sunrise care center ",
        location: "Georgia",
        phone: "5559990000",
      }),
    );
    const flags = (id: string) =>
      app
        .inject({ url: `/api/staff/leads/${id}`, headers: me.headers })
        .then((r) => r.json().flags as { flag: string; leadId?: string }[]);
    expect(await flags(first)).toEqual([{ flag: "same_facility_and_state", leadId: second }, { flag: "free_mail" }]);
    expect(await flags(second)).toEqual([{ flag: "same_facility_and_state", leadId: first }]);
  });

  it("answers lead data as JSON text (the console renders it as text), never as markup", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    const id = await postLead(homepageLead({ facilityName: "<script>alert(1)</script> Care" }));
    const response = await app.inject({ url: `/api/staff/leads/${id}`, headers: me.headers });
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json().lead.facilityName).toBe("<script>alert(1)</script> Care");
  });
});
