import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES as M } from "../../domain/booking-requests";
import type { LeadCall } from "../../domain/staff-console-api";
import { bookings } from "../store/schema";
import { addCallTaker, BOOKING_TEST_CONFIG, book, postLead, slotsOf } from "../test-support/booking-harness";
import { SmtpReceiver, type ReceivedMail } from "../test-support/smtp-receiver";
import { signIn } from "../test-support/staff-test-helpers";
import { TestReceiver } from "../test-support/test-receiver";
import { STORE_KINDS, useTestApps, type TestStore } from "../test-support/test-helpers";

interface Offer {
  timeZone: string;
  slots: { start: string; end: string }[];
}

const eventOf = (mail: ReceivedMail) => {
  const text = mail.parsed.attachments.find((a) => a.contentType === "text/calendar")!.content.toString("utf8");
  const event = Object.values(ical.sync.parseICS(text)).find((c) => c?.type === "VEVENT") as VEvent;
  return { method: /^METHOD:(\w+)/m.exec(text)?.[1], event };
};

describe.each(STORE_KINDS)("staff move a lead's call on %s", (kind) => {
  let store: TestStore;
  const smtp = new SmtpReceiver();
  const webhook = new TestReceiver();
  const build = useTestApps(kind, (made) => (store = made));
  beforeAll(async () => {
    await smtp.start();
    await webhook.start();
    webhook.answer = () => ({ status: 200 });
  });
  afterAll(async () => {
    await smtp.stop();
    await webhook.stop();
  });

  it("to a time offered (in the viewer's zone), by the lead's rules: same UID, higher SEQUENCE, both told, lead.call_moved, the timeline says who", async () => {
    const app: FastifyInstance = await build(
      {
        ...BOOKING_TEST_CONFIG,
        SMTP_URL: smtp.url,
        SITE_URL: "https://staffing.example",
        PIPELINE_WEBHOOK_URL: webhook.url("/pipeline"),
      },
      { outbox: { pollMs: 50 } },
    );
    await addCallTaker(store.db, "sam@staffing.example", { shownName: "Sam", timeZone: "Pacific/Honolulu" });
    const lead = await postLead(app, 1);
    const other = await postLead(app, 2);
    const slots = (await slotsOf(app, lead)).json<Offer>().slots.slice(1); // the first may pass while the test runs
    const booked = (await book(app, lead, slots[0]!.start)).json<{ booking: { id: string } }>().booking;
    expect((await book(app, other, slots[2]!.start)).statusCode).toBe(201);
    await smtp.waitFor(6); // two confirmations, four invites

    const sam = await signIn(app, "sam@staffing.example");
    const staff = (method: "GET" | "POST", url: string, payload?: object) =>
      app.inject({ method, url, headers: sam.headers, ...(payload ? { payload } : {}) });
    const times = await staff("GET", `/api/staff/calls/${booked.id}/times`);
    expect(times.statusCode).toBe(200);
    const offer = times.json<Offer & { booking: { start: string } }>();
    expect(offer.timeZone).toBe("Pacific/Honolulu");
    // Its own time is offered again (it is the one moving); the other lead's is not.
    expect(offer.slots.map((s) => s.start)).toContain(slots[0]!.start);
    expect(offer.slots.map((s) => s.start)).not.toContain(slots[2]!.start);

    const move = (start: string, id = booked.id) => staff("POST", `/api/staff/calls/${id}/move`, { start });
    expect((await move("tomorrow")).json()).toMatchObject({ error: M.start });
    expect((await move(slots[3]!.start, "not-a-booking")).statusCode).toBe(404);
    const offGrid = await move(new Date(Date.parse(slots[3]!.start) + 60_000).toISOString());
    expect(offGrid.statusCode).toBe(409);
    const taken = await move(slots[2]!.start);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: M.taken, timeZone: "Pacific/Honolulu", slots: expect.any(Array) });
    const noCsrf = await app.inject({
      method: "POST",
      url: `/api/staff/calls/${booked.id}/move`,
      headers: { ...sam.headers, "x-csrf-token": "wrong" },
      payload: { start: slots[4]!.start },
    });
    expect(noCsrf.statusCode).toBe(403);

    const moved = await move(slots[4]!.start);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ booking: { id: booked.id, start: slots[4]!.start, with: "Sam" } });
    const [row] = await store.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(row).toMatchObject({ status: "booked", sequence: 1 });

    await smtp.waitFor(8);
    const toLead = smtp.received.filter((m) => m.envelopeTo.includes("lead.1@care1.example"));
    const first = eventOf(toLead.find((m) => m.parsed.subject?.includes("booked"))!);
    const update = toLead.find((m) => m.parsed.subject?.includes("moved"))!;
    const again = eventOf(update);
    expect(again.method).toBe("REQUEST");
    expect(again.event.uid).toBe(first.event.uid);
    expect(Number(again.event.sequence)).toBeGreaterThan(Number(first.event.sequence));
    expect(again.event.start.toISOString()).toBe(slots[4]!.start);
    const staffUpdate = smtp.received.filter(
      (m) => m.envelopeTo.includes("sam@staffing.example") && m.parsed.subject?.includes("moved"),
    );
    expect(staffUpdate.map((m) => eventOf(m).event.uid)).toEqual([first.event.uid]);
    // The lead's e-mail carries a link of their own that works: they cancel with it.
    const token = /token=([A-Za-z0-9_-]{43})/.exec(update.parsed.text ?? "")?.[1];
    expect(token).toBeDefined();
    expect(token).not.toBe(lead.qualificationToken);
    const cancelled = await app.inject({
      method: "POST",
      url: `/api/bookings/${booked.id}/cancel`,
      payload: { token },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await move(slots[5]!.start)).json()).toMatchObject({ error: M.notBookedNow });

    await webhook.waitFor(4);
    const events = webhook.received.map((r) => JSON.parse(r.body) as { type: string; bookingId: string });
    expect(events.filter((e) => e.bookingId === booked.id).map((e) => e.type)).toEqual(
      expect.arrayContaining(["lead.call_booked", "lead.call_moved", "lead.call_cancelled"]),
    );

    const page = (await staff("GET", `/api/staff/leads/${lead.id}`)).json<{ calls: LeadCall[] }>();
    expect(page.calls[0]!.history.map((h) => [h.kind, h.actor, h.start])).toEqual([
      ["booked", "lead", slots[0]!.start],
      ["moved", "staff:sam@staffing.example", slots[4]!.start],
      ["cancelled", "lead", slots[4]!.start],
    ]);
  });
});
