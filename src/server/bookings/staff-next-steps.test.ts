import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES as M } from "../../domain/booking-requests";
import type { LeadCall } from "../../domain/staff-console-api";
import { bookings, deliveries, facilityLeads } from "../store/schema";
import {
  addCallTaker,
  BOOKING_TEST_CONFIG,
  book,
  postLead,
  slotsOf,
  type TestLead,
} from "../test-support/booking-harness";
import { SmtpReceiver } from "../test-support/smtp-receiver";
import { signIn, type SignedIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, useTestApps, type TestStore } from "../test-support/test-helpers";

const ADMIN = "admin-token-for-the-next-steps-tests";

interface Offer {
  timeZone: string;
  slots: { start: string; end: string }[];
}

/** After a missed call (decision 0045), staff offer the lead new times (an e-mail) or book one for them. */
describe.each(STORE_KINDS)("the next steps after a missed call on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  let sam: SignedIn;
  const smtp = new SmtpReceiver();
  const build = useTestApps(kind, (made) => (store = made));
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  const start = async () => {
    app = await build(
      { ...BOOKING_TEST_CONFIG, SMTP_URL: smtp.url, SITE_URL: "https://staffing.example", ADMIN_TOKEN: ADMIN },
      { outbox: { pollMs: 50 } },
    );
    smtp.received.length = 0;
    await addCallTaker(store.db, "sam@staffing.example", { shownName: "Sam", timeZone: "America/Chicago" });
    sam = await signIn(app, "sam@staffing.example");
  };
  const staff = (method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({ method, url, headers: sam.headers, ...(payload ? { payload } : {}) });
  const offerTimes = (lead: string, payload: object = {}) =>
    staff("POST", `/api/staff/leads/${lead}/offer-times`, payload);
  const bookFor = (lead: string, payload: object) => staff("POST", `/api/staff/leads/${lead}/book`, payload);
  const offersTo = async (leadId: string) =>
    (await store.db.select().from(deliveries).where(eq(deliveries.recordId, leadId))).filter(
      (d) => d.destination === "mail:booking_offer",
    );
  const historyOf = async (leadId: string) =>
    (await staff("GET", `/api/staff/leads/${leadId}`))
      .json<{ calls: LeadCall[] }>()
      .calls.flatMap((call) => call.history.map((h) => [h.kind, h.actor]));

  /** The lead books a call, its time passes (moved an hour into the past), and staff mark it missed. */
  const missedCall = async (lead: TestLead) => {
    const slots = (await slotsOf(app, lead)).json<Offer>().slots.slice(1);
    const booked = (await book(app, lead, slots[0]!.start)).json<{ booking: { id: string } }>().booking;
    const before = await staff("POST", `/api/staff/calls/${booked.id}/outcome`, { outcome: "missed" });
    expect(before.statusCode).toBe(409); // not started yet
    // Neither next step while the call is still booked and ahead.
    expect((await offerTimes(lead.id)).json()).toMatchObject({ error: M.staffHasBookedCall });
    expect((await bookFor(lead.id, { start: slots[3]!.start })).json()).toMatchObject({ error: M.staffHasBookedCall });
    const past = Date.now() - 3_600_000;
    await store.db
      .update(bookings)
      .set({ startAt: new Date(past), endAt: new Date(past + 15 * 60_000) })
      .where(eq(bookings.id, booked.id));
    const marked = await staff("POST", `/api/staff/calls/${booked.id}/outcome`, { outcome: "missed" });
    expect(marked.statusCode).toBe(200);
    return booked.id;
  };

  it("Offer new times: only after a missed call, one e-mail however often it is pressed, with a picker link that works, and a trace", async () => {
    await start();
    const lead = await postLead(app, 1);
    // No call yet: nothing was missed, so no new times are offered.
    expect((await offerTimes(lead.id)).json()).toMatchObject({ error: M.staffNoMissedCall });
    await missedCall(lead);
    await smtp.waitFor(3); // the confirmation, two invites

    // An unknown key, a bad id, no CSRF token: refused, nothing sent.
    const unknown = await offerTimes(lead.id, { resend: true });
    expect(unknown.statusCode).toBe(400);
    expect((await offerTimes("not-a-lead")).statusCode).toBe(404);
    const noCsrf = await app.inject({
      method: "POST",
      url: `/api/staff/leads/${lead.id}/offer-times`,
      headers: { ...sam.headers, "x-csrf-token": "wrong" },
      payload: {},
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await offersTo(lead.id)).toEqual([]);

    // A double click: two requests at once, then a third; one e-mail.
    const [first, second] = await Promise.all([offerTimes(lead.id), offerTimes(lead.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    const third = await offerTimes(lead.id);
    expect(third.statusCode).toBe(200);
    expect(third.json()).toMatchObject({ again: true });
    expect(await offersTo(lead.id)).toHaveLength(1);

    await smtp.waitFor(4);
    const mails = smtp.received.filter((m) => m.parsed.subject === "We missed you: pick a new time for your call");
    expect(mails.map((m) => m.envelopeTo)).toEqual([["lead.1@care1.example"]]);
    const link = /https:\/\/staffing\.example\/call#lead=([0-9a-f-]{36})&token=([A-Za-z0-9_-]{43})/.exec(
      mails[0]!.parsed.text ?? "",
    );
    expect(link?.[1]).toBe(lead.id);
    // The link's token is the lead's own: their picker offers times again.
    const picker = await slotsOf(app, { id: lead.id, qualificationToken: link![2]! });
    expect(picker.statusCode).toBe(200);
    expect(picker.json<Offer>().slots.length).toBeGreaterThan(0);

    expect(await historyOf(lead.id)).toEqual([
      ["booked", "lead"],
      ["missed", "staff:sam@staffing.example"],
      ["offered", "staff:sam@staffing.example"],
    ]);
  });

  it("Book for the lead: one of the times offered, through the lead's own booking path, once however often it is pressed", async () => {
    await start();
    const lead = await postLead(app, 2);
    await missedCall(lead);
    const times = await staff("GET", `/api/staff/leads/${lead.id}/times`);
    expect(times.statusCode).toBe(200);
    const offer = times.json<Offer>();
    expect(offer.timeZone).toBe("America/Chicago");
    const chosen = offer.slots[2]!.start;

    expect((await bookFor(lead.id, { start: chosen, note: "x" })).statusCode).toBe(400);
    expect((await bookFor(lead.id, { start: "tomorrow" })).json()).toMatchObject({ error: M.start });
    const offGrid = await bookFor(lead.id, { start: new Date(Date.parse(chosen) + 60_000).toISOString() });
    expect(offGrid.statusCode).toBe(409);

    const [a, b] = await Promise.all([bookFor(lead.id, { start: chosen }), bookFor(lead.id, { start: chosen })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const made = [a, b].find((r) => r.statusCode === 201)!;
    expect(made.json()).toMatchObject({ booking: { start: chosen, with: "Sam" } });
    const rows = await store.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.leadId, lead.id), eq(bookings.status, "booked")));
    expect(rows).toHaveLength(1);

    // The same invites as the lead's own booking: to the lead (with a link of their own) and to Sam.
    await smtp.waitFor(5); // the confirmation, and two invites for each booking
    const invitesTo = (address: string) =>
      smtp.received.filter(
        (m) => m.envelopeTo.includes(address) && m.parsed.subject?.startsWith("Your call is booked"),
      );
    expect(invitesTo("sam@staffing.example")).toHaveLength(2);
    const toLead = invitesTo("lead.2@care2.example");
    expect(toLead).toHaveLength(2);
    // The invite for the booking staff made (the outbox sends the two in either order).
    const madeId = made.json<{ booking: { id: string } }>().booking.id;
    const linkOf = new RegExp(`token=([A-Za-z0-9_-]{43})&booking=${madeId}`);
    const token = toLead.map((m) => linkOf.exec(m.parsed.text ?? "")?.[1]).find(Boolean);
    expect(token).toBeDefined();
    expect(token).not.toBe(lead.qualificationToken);

    expect(await historyOf(lead.id)).toEqual([
      ["booked", "staff:sam@staffing.example"],
      ["booked", "lead"],
      ["missed", "staff:sam@staffing.example"],
    ]);
    // A call is booked now: no new times on top of it.
    expect((await offerTimes(lead.id)).json()).toMatchObject({ error: M.staffHasBookedCall });
  });

  it("refused in words for a lead who asked not to be contacted, or whose data was erased", async () => {
    await start();
    const leaving = await postLead(app, 3);
    const erased = await postLead(app, 4);
    await missedCall(leaving);
    await missedCall(erased);
    const optedOut = await app.inject({
      method: "POST",
      url: "/api/admin/privacy/opt-out",
      headers: { authorization: `Bearer ${ADMIN}` },
      payload: { subject: "lead.3@care3.example", reference: "call-50" },
    });
    expect(optedOut.statusCode).toBe(200);
    await store.db.update(facilityLeads).set({ erasedAt: new Date() }).where(eq(facilityLeads.id, erased.id));
    const slot = (await staff("GET", `/api/staff/leads/${erased.id}/times`)).json<{ error: string }>();
    expect(slot).toEqual({ error: M.staffErased });

    const someTime = new Date(Math.ceil(Date.now() / 3_600_000 + 30) * 3_600_000).toISOString();
    for (const [id, words] of [
      [leaving.id, M.staffDoNotContact],
      [erased.id, M.staffErased],
    ] as const) {
      const offered = await offerTimes(id);
      expect(offered.statusCode).toBe(409);
      expect(offered.json()).toEqual({ error: words });
      const booked = await bookFor(id, { start: someTime });
      expect(booked.statusCode).toBe(409);
      expect(booked.json()).toEqual({ error: words });
      expect(await offersTo(id)).toEqual([]);
    }
    const live = await store.db.select().from(bookings).where(eq(bookings.status, "booked"));
    expect(live).toEqual([]);
  });
});
