import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { deliveries } from "../store/schema";
import { addCallTaker, BOOKING_TEST_CONFIG, postLead, slotsOf, type TestLead } from "../test-support/booking-harness";
import { STORE_KINDS, useTestApps, type TestStore } from "../test-support/test-helpers";

const ADMIN = "admin-token-for-the-first-time-tests";

const firstTime = (app: FastifyInstance, lead: TestLead, tz = "America/Chicago", token = lead.qualificationToken) =>
  app.inject({
    method: "GET",
    url: `/api/bookings/first-time?lead=${lead.id}&token=${token}&tz=${encodeURIComponent(tz)}`,
  });

/** The time every call promise names: the earliest one offered, or none. */
describe.each(STORE_KINDS)("GET /api/bookings/first-time on %s", (kind) => {
  let store: TestStore;
  const build = useTestApps(kind, (made) => (store = made));

  it("is the first time the picker offers, in the zone asked for", async () => {
    const app = await build({ ...BOOKING_TEST_CONFIG, BOOKING_MIN_NOTICE_MINUTES: 120 });
    await addCallTaker(store.db, "sam@staffing.example");
    const lead = await postLead(app, 1);
    const answer = await firstTime(app, lead);
    expect(answer.statusCode).toBe(200);
    const offered = (await slotsOf(app, lead, "America/Chicago")).json<{ slots: { start: string }[] }>().slots;
    expect(answer.json()).toEqual({ timeZone: "America/Chicago", start: offered[0]!.start, now: expect.any(String) });
  });

  it("is null when nobody takes calls, and for a lead who asked not to be contacted", async () => {
    const app = await build({ ...BOOKING_TEST_CONFIG, ADMIN_TOKEN: ADMIN });
    const lead = await postLead(app, 2);
    expect((await firstTime(app, lead)).json()).toMatchObject({ timeZone: "America/Chicago", start: null });

    await addCallTaker(store.db, "sam@staffing.example");
    expect((await firstTime(app, lead)).json<{ start: string | null }>().start).toEqual(expect.any(String));
    const optedOut = await app.inject({
      method: "POST",
      url: "/api/admin/privacy/opt-out",
      headers: { authorization: `Bearer ${ADMIN}` },
      payload: { subject: "lead.2@care2.example", reference: "issue-49" },
    });
    expect(optedOut.statusCode).toBe(200);
    expect((await firstTime(app, lead)).json()).toMatchObject({ timeZone: "America/Chicago", start: null });
  });

  it("refuses another lead's token with 401 and a malformed query with 400, changing nothing", async () => {
    const app = await build(BOOKING_TEST_CONFIG);
    const [one, two] = [await postLead(app, 3), await postLead(app, 4)];
    expect((await firstTime(app, one, "America/Chicago", two.qualificationToken)).statusCode).toBe(401);
    expect((await firstTime(app, one, "Not/AZone")).statusCode).toBe(400);
    const bare = await app.inject({ method: "GET", url: "/api/bookings/first-time?lead=nope" });
    expect(bare.statusCode).toBe(400);
  });

  it("is written into the confirmation e-mail when the lead comes, in the facility's zone", async () => {
    const app = await build({
      ...BOOKING_TEST_CONFIG,
      SMTP_URL: "smtp://127.0.0.1:2",
      SITE_URL: "https://staffing.example",
    });
    await addCallTaker(store.db, "sam@staffing.example");
    const lead = await postLead(app, 5);
    const [mail] = await store.db.select().from(deliveries).where(eq(deliveries.destination, "mail:lead_confirmation"));
    const data = (JSON.parse(mail!.payload) as { data: { firstCall?: { start: string | null; timeZone: string } } })
      .data;
    const offered = (await slotsOf(app, lead)).json<{ slots: { start: string }[] }>().slots;
    expect(data.firstCall?.timeZone).toBe("America/New_York");
    expect(Date.parse(data.firstCall!.start!)).toBeLessThanOrEqual(Date.parse(offered[0]!.start));
  });
});
