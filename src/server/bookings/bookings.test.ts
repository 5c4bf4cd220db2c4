import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { BOOKING_MESSAGES as M } from "../../domain/booking-requests";
import { bookings, facilityLeads, staffAvailability } from "../store/schema";
import { ALL_WEEK, BOOKING_TEST_CONFIG, addCallTaker, book, postLead, slotsOf } from "../test-support/booking-harness";
import { erasePerson, exportPerson } from "../privacy";
import { signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, useTestApp, type TestStore } from "../test-support/test-helpers";

interface Slots {
  timeZone: string;
  callMinutes: number;
  slots: { start: string; end: string }[];
}

describe.each(STORE_KINDS)("booking a call on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestApp(
    kind,
    (made) => ({ store, app } = made),
    { ...BOOKING_TEST_CONFIG, STAFF_SECRET_KEY: Buffer.alloc(32, 9), CALDAV_ALLOWED_HOSTS: ["127.0.0.1"] },
    {
      options: { outbox: false },
    },
  );

  it("a staff member sets their availability; the calendar's password is sealed and never answered back; bad input is a 400 in words", async () => {
    await addCallTaker(store.db, "lee@staffing.example");
    const session = await signIn(app, "lee@staffing.example");
    const put = (payload: object) =>
      app.inject({ method: "PUT", url: "/api/staff/availability", headers: session.headers, payload });
    const bad = await put({ timeZone: "Mars/Olympus", takesCalls: true, weekly: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: M.timeZone });
    const backwards = await put({
      timeZone: "America/Chicago",
      takesCalls: true,
      weekly: [{ day: 1, from: "17:00", to: "09:00" }],
    });
    expect(backwards.json()).toMatchObject({ error: M.weekly });
    const noCsrf = await app.inject({
      method: "PUT",
      url: "/api/staff/availability",
      headers: { ...session.headers, "x-csrf-token": "wrong" },
      payload: { timeZone: "America/Chicago", takesCalls: true, weekly: [] },
    });
    expect(noCsrf.statusCode).toBe(403);

    const good = await put({
      timeZone: "America/Chicago",
      takesCalls: true,
      weekly: [{ day: 1, from: "09:00", to: "17:00" }],
      caldav: { url: "http://127.0.0.1:9/lee/calendar/", username: "lee", password: "app password" },
    });
    expect(good.statusCode).toBe(200);
    const got = await app.inject({ method: "GET", url: "/api/staff/availability", headers: session.headers });
    expect(got.json()).toMatchObject({
      timeZone: "America/Chicago",
      takesCalls: true,
      weekly: [{ day: 1, from: "09:00", to: "17:00" }],
      caldav: { url: "http://127.0.0.1:9/lee/calendar/", username: "lee" },
      problem: M.calendarUnreadable, // nothing listens on port 9
    });
    expect(got.body).not.toContain("app password");
    const [stored] = await store.db.select().from(staffAvailability);
    expect(stored!.caldavPassword).toMatch(/^v1:/);
  });

  it("slots are the same instants whatever zone the lead reads them in; a wrong token is a 401 in words", async () => {
    await addCallTaker(store.db, "sam@staffing.example", { weekly: ALL_WEEK });
    const lead = await postLead(app, 1);
    const newYork = (await slotsOf(app, lead, "America/New_York")).json<Slots>();
    const hawaii = (await slotsOf(app, lead, "Pacific/Honolulu")).json<Slots>();
    expect(hawaii.timeZone).toBe("Pacific/Honolulu");
    expect(hawaii.slots).toEqual(newYork.slots);
    expect(newYork.callMinutes).toBe(15);
    expect(newYork.slots.length).toBeGreaterThan(100);
    const starts = newYork.slots.map((slot) => Date.parse(slot.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const wrong = await slotsOf(app, { ...lead, qualificationToken: "x".repeat(43) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: M.sessionExpired });
    const badZone = await slotsOf(app, lead, "Nowhere/Else");
    expect(badZone.statusCode).toBe(400);
  });

  it("one booking per lead; a time taken is a 409 with the words and fresh times; spam and opted-out leads get none", async () => {
    await addCallTaker(store.db, "sam@staffing.example");
    const [first, second, spam] = [await postLead(app, 1), await postLead(app, 2), await postLead(app, 3)];
    const slots = (await slotsOf(app, first)).json<Slots>().slots.slice(1); // the first may pass while the test runs
    const booked = await book(app, first, slots[0]!.start);
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toEqual({
      booking: { id: expect.any(String), start: slots[0]!.start, end: slots[0]!.end, with: "Sam" },
    });

    const taken = await book(app, second, slots[0]!.start);
    expect(taken.statusCode).toBe(409);
    expect(taken.json<Slots & { error: string }>().error).toBe("That time was just taken, please pick another");
    expect(taken.json<Slots>().slots.map((slot) => slot.start)).not.toContain(slots[0]!.start);

    const again = await book(app, first, slots[2]!.start);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: M.alreadyBooked });

    await store.db.update(facilityLeads).set({ isSpam: true }).where(eq(facilityLeads.id, spam.id));
    expect((await book(app, spam, slots[3]!.start)).statusCode).toBe(404);
    // Its offer is empty, as when nobody is free: nothing tells a bot it was caught.
    const spamOffer = await slotsOf(app, spam);
    expect(spamOffer.statusCode).toBe(200);
    expect(spamOffer.json<Slots>().slots).toEqual([]);
    const offGrid = await book(app, second, new Date(Date.parse(slots[3]!.start) + 60_000).toISOString());
    expect(offGrid.statusCode).toBe(409);
    const nonsense = await book(app, second, "tomorrow at noon");
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json()).toMatchObject({ fields: { start: M.start } });
    expect(await store.db.select().from(bookings)).toHaveLength(1);
  });

  it("ten leads press the same time at once: one booking, nine 409s, nobody double-booked", async () => {
    await addCallTaker(store.db, "sam@staffing.example");
    const leads = await Promise.all(Array.from({ length: 10 }, (_, n) => postLead(app, 10 + n)));
    const slots = (await slotsOf(app, leads[0]!)).json<Slots>().slots.slice(1); // the first may pass while the test runs
    const answers = await Promise.all(leads.map((lead) => book(app, lead, slots[4]!.start)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(await store.db.select().from(bookings)).toHaveLength(1);
  });

  it("the call goes to the free person with the fewest calls that week; move keeps the booking, cancel frees the time", async () => {
    const sam = await addCallTaker(store.db, "sam@staffing.example", { shownName: "Sam" });
    const ana = await addCallTaker(store.db, "ana@staffing.example", { shownName: "Ana" });
    const [a, b, c] = [await postLead(app, 1), await postLead(app, 2), await postLead(app, 3)];
    const slots = (await slotsOf(app, a)).json<Slots>().slots.slice(1); // the first may pass while the test runs
    const first = (await book(app, a, slots[0]!.start)).json<{ booking: { id: string; with: string } }>();
    const second = (await book(app, b, slots[0]!.start)).json<{ booking: { with: string } }>();
    expect(new Set([first.booking.with, second.booking.with])).toEqual(new Set(["Sam", "Ana"]));
    // Both have one call this week: the tie goes by id, and the next lead's call to whoever has fewer.
    const third = (await book(app, c, slots[1]!.start)).json<{ booking: { with: string } }>();
    expect([sam, ana].length).toBe(2);
    expect(["Sam", "Ana"]).toContain(third.booking.with);

    const move = (id: string, payload: object) =>
      app.inject({ method: "POST", url: `/api/bookings/${id}/move`, payload });
    const cancel = (id: string, payload: object) =>
      app.inject({ method: "POST", url: `/api/bookings/${id}/cancel`, payload });
    expect((await move(first.booking.id, { token: b.qualificationToken, start: slots[5]!.start })).statusCode).toBe(
      404,
    );
    const moved = await move(first.booking.id, { token: a.qualificationToken, start: slots[5]!.start });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ booking: { id: first.booking.id, start: slots[5]!.start } });
    const cancelled = await cancel(first.booking.id, { token: a.qualificationToken });
    expect(cancelled.statusCode).toBe(200);
    expect((await cancel(first.booking.id, { token: a.qualificationToken })).statusCode).toBe(409);
    const [row] = await store.db.select().from(bookings).where(eq(bookings.id, first.booking.id));
    expect(row).toMatchObject({ status: "cancelled", sequence: 2 });
    // Cancelled: the lead may book again.
    expect((await book(app, a, slots[6]!.start)).statusCode).toBe(201);
  });

  it("a person's export holds their bookings; erasing them cancels the booked call and no new one can be booked", async () => {
    await addCallTaker(store.db, "sam@staffing.example");
    const lead = await postLead(app, 1);
    const slots = (await slotsOf(app, lead)).json<Slots>().slots.slice(1);
    const booked = (await book(app, lead, slots[0]!.start)).json<{ booking: { id: string } }>().booking;
    const context = { actor: "admin", reference: "T-40" };
    const exported = await exportPerson(store.db, { kind: "lead_id", id: lead.id }, context);
    expect((exported.parts.bookings as { records: unknown[] }).records).toEqual([
      expect.objectContaining({
        id: booked.id,
        start: slots[0]!.start,
        status: "booked",
        timeZone: "America/New_York",
      }),
    ]);
    await erasePerson(store.db, { kind: "lead_id", id: lead.id }, context);
    const [row] = await store.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(row!.status).toBe("cancelled");
    expect((await book(app, lead, slots[1]!.start)).statusCode).toBe(401); // its token is gone with it
  });
});

describe.each(STORE_KINDS)("staff see their calls on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestApp(kind, (made) => ({ store, app } = made), BOOKING_TEST_CONFIG, { options: { outbox: false } });

  it("the Calls view lists mine and everyone's; a call is marked held or missed; the lead page shows it; a booked lead is not due a call until its time has passed", async () => {
    await addCallTaker(store.db, "sam@staffing.example", { shownName: "Sam" });
    await addCallTaker(store.db, "ana@staffing.example", { shownName: "Ana", timeZone: "Pacific/Honolulu" });
    const lead = await postLead(app, 1);
    const other = await postLead(app, 2);
    // Both qualified (only they are due a call, decision 0035) and past the 24-hour promise.
    await store.db
      .update(facilityLeads)
      .set({ receivedAt: new Date(Date.now() - 30 * 3_600_000), pipelineStatus: "qualified" })
      .where(inArray(facilityLeads.id, [lead.id, other.id]));
    const slots = (await slotsOf(app, lead)).json<Slots>().slots.slice(1);
    const booked = (await book(app, lead, slots[2]!.start)).json<{ booking: { id: string; with: string } }>().booking;

    const sam = await signIn(app, "sam@staffing.example");
    const ana = await signIn(app, "ana@staffing.example");
    const calls = async (session: typeof sam, scope: string) =>
      (await app.inject({ method: "GET", url: `/api/staff/calls?scope=${scope}`, headers: session.headers })).json<{
        timeZone: string;
        calls: { id: string; mine: boolean; lead: { facilityName: string } }[];
      }>();
    const mine = booked.with === "Sam" ? sam : ana;
    const theirs = booked.with === "Sam" ? ana : sam;
    expect((await calls(mine, "mine")).calls.map((call) => call.id)).toEqual([booked.id]);
    expect((await calls(theirs, "mine")).calls).toEqual([]);
    expect((await calls(theirs, "all")).calls).toMatchObject([
      { id: booked.id, mine: false, lead: { facilityName: expect.any(String) } },
    ]);
    expect((await calls(ana, "mine")).timeZone).toBe("Pacific/Honolulu");
    const badScope = await app.inject({ method: "GET", url: "/api/staff/calls?scope=yours", headers: sam.headers });
    expect(badScope.statusCode).toBe(400);

    const due = async () =>
      (await app.inject({ method: "GET", url: "/api/staff/leads?due=call", headers: sam.headers }))
        .json<{
          leads: { id: string }[];
        }>()
        .leads.map((row) => row.id);
    expect(await due()).toEqual([other.id]);

    const page = (await app.inject({ method: "GET", url: `/api/staff/leads/${lead.id}`, headers: sam.headers })).json<{
      calls: { id: string; status: string; with: string }[];
    }>();
    expect(page.calls).toEqual([expect.objectContaining({ id: booked.id, status: "booked", with: booked.with })]);

    const mark = (outcome: string) =>
      app.inject({
        method: "POST",
        url: `/api/staff/calls/${booked.id}/outcome`,
        headers: mine.headers,
        payload: { outcome },
      });
    expect((await mark("maybe")).statusCode).toBe(400);
    // Not before the call's start (409, in words), and nothing changes.
    for (const outcome of ["held", "missed"]) {
      const early = await mark(outcome);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ error: M.notStartedYet });
    }
    const [still] = await app.store.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(still!.status).toBe("booked");
    // The call's time comes (its start a minute ago): now it is marked.
    await app.store.db
      .update(bookings)
      .set({ startAt: new Date(Date.now() - 60_000), endAt: new Date(Date.now() + 14 * 60_000) })
      .where(eq(bookings.id, booked.id));
    expect((await mark("missed")).json()).toEqual({ id: booked.id, status: "missed" });
    expect((await mark("held")).statusCode).toBe(409);
    // Missed: the lead is due a call again.
    expect((await due()).sort()).toEqual([lead.id, other.id].sort());
  });
});
