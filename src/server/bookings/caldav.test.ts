import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES as M } from "../../domain/booking-requests";
import { isoWeekday, wallClockOf } from "../../domain/zoned-time";
import { eq } from "drizzle-orm";
import { sealSecret } from "../sealed-secrets";
import { bookings, staffAvailability } from "../store/schema";
import { CalendarCache } from "./booking-offer";
import { calendarWritesSettled } from "./calendar-retries";
import { signIn } from "../test-support/staff-test-helpers";
import { addCallTaker, BOOKING_TEST_CONFIG, book, postLead, slotsOf } from "../test-support/booking-harness";
import { RadicaleServer } from "../test-support/radicale-server";
import { STORE_KINDS, useTestApp, type TestStore } from "../test-support/test-helpers";

const KEY = Buffer.alloc(32, 5);
const USERS = { sam: "sam app password" };
const ADMIN = "admin-token-for-the-caldav-tests";

describe.each(STORE_KINDS)("staff calendars on a real CalDAV server (Radicale) on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  const radicale = new RadicaleServer();
  useTestApp(
    kind,
    (made) => ({ store, app } = made),
    // Radicale runs on this machine: the one host allowed although it is not public (decision 0043).
    { ...BOOKING_TEST_CONFIG, STAFF_SECRET_KEY: KEY, ADMIN_TOKEN: ADMIN, CALDAV_ALLOWED_HOSTS: ["127.0.0.1"] },
    {
      options: { outbox: false },
    },
  );
  beforeAll(async () => {
    await radicale.start(USERS);
  }, 30_000);
  afterAll(() => radicale.destroy());

  const starts = async (lead: { id: string; qualificationToken: string }) =>
    (await slotsOf(app, lead)).json<{ slots: { start: string }[] }>().slots.map((slot) => slot.start);
  const linkSam = () =>
    addCallTaker(store.db, "sam@staffing.example", {
      caldav: { url: radicale.calendarUrl("sam"), username: "sam", password: sealSecret(USERS.sam, KEY) },
    });

  it("an event in the calendar removes exactly the times it covers; the booked call is written there and leaves on cancel", async () => {
    await linkSam();
    const lead = await postLead(app, 1);
    const before = await starts(lead);
    // An event from 10 minutes into one call to 5 minutes into the next but one: three calls go.
    const from = Date.parse(before[4]!) + 10 * 60_000;
    await radicale.putEvent(
      "sam",
      USERS.sam,
      "dentist-1",
      new Date(from).toISOString(),
      new Date(from + 25 * 60_000).toISOString(),
    );
    const after = await starts(lead);
    expect(before.filter((start) => !after.includes(start))).toEqual([before[4], before[5], before[6]]);
    expect(after.filter((start) => !before.includes(start))).toEqual([]);

    const booked = await book(app, lead, before[8]!);
    expect(booked.statusCode).toBe(201);
    const { id } = booked.json<{ booking: { id: string } }>().booking;
    await calendarWritesSettled(app); // the write leaves the lead's request (decision 0043)
    expect(await radicale.uids("sam", USERS.sam)).toEqual(
      expect.arrayContaining(["dentist-1", expect.stringContaining(id)]),
    );
    await app.inject({
      method: "POST",
      url: `/api/bookings/${id}/cancel`,
      payload: { token: lead.qualificationToken },
    });
    await calendarWritesSettled(app);
    expect(await radicale.uids("sam", USERS.sam)).toEqual(["dentist-1"]);
    expect(await starts(lead)).toContain(before[8]);
  });

  it("erasing a person cancels their booked call and takes its event (which names them) out of the staff member's calendar", async () => {
    await linkSam();
    await radicale.putEvent("sam", USERS.sam, "dentist-2", "2030-01-07T15:00:00Z", "2030-01-07T16:00:00Z");
    const lead = await postLead(app, 3);
    const booked = await book(app, lead, (await starts(lead))[2]!);
    const { id } = booked.json<{ booking: { id: string } }>().booking;
    await calendarWritesSettled(app);
    expect(await radicale.uids("sam", USERS.sam)).toEqual(expect.arrayContaining([expect.stringContaining(id)]));
    const erased = await app.inject({
      method: "POST",
      url: "/api/admin/privacy/erase",
      headers: { authorization: `Bearer ${ADMIN}` },
      payload: { subject: lead.id, reference: "DSAR-40", reason: "asked by e-mail" },
    });
    expect(erased.statusCode).toBe(200);
    const left = await radicale.uids("sam", USERS.sam);
    expect(left).toContain("dentist-2");
    expect(left.filter((uid) => uid.includes(id))).toEqual([]);
    const [row] = await store.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: "cancelled", calendarHref: null });
  });

  it("a calendar that cannot be read offers none of its owner's times, and its owner is told why", async () => {
    await linkSam();
    await addCallTaker(store.db, "ana@staffing.example", { weekly: [{ day: 1, from: "09:00", to: "10:00" }] });
    const lead = await postLead(app, 2);
    expect((await starts(lead)).length).toBeGreaterThan(100);
    // A cache of a minute and a half (the default): read once, then kept, also while the calendar is down.
    const [sam] = await store.db.select().from(staffAvailability).where(eq(staffAvailability.caldavUsername, "sam"));
    const cache = new CalendarCache(90_000, KEY, app.log, app.bookingCalendars.guardedFetch);
    const now = Date.now();
    const busy = await cache.busyOf(sam!, now);
    expect(busy).toEqual(expect.any(Array));
    await radicale.stop();
    expect(await cache.busyOf(sam!, now + 60_000)).toEqual(busy);
    expect(await cache.busyOf(sam!, now + 91_000)).toBeUndefined();
    const onlyAna = await starts(lead);
    expect(onlyAna.length).toBeLessThanOrEqual(4);
    for (const start of onlyAna) {
      const clock = wallClockOf(Date.parse(start), "America/New_York");
      expect(isoWeekday(clock)).toBe(1);
      expect(clock.minutes).toBeGreaterThanOrEqual(9 * 60);
      expect(clock.minutes).toBeLessThan(10 * 60);
    }
    const session = await signIn(app, "sam@staffing.example");
    const mine = await app.inject({ method: "GET", url: "/api/staff/availability", headers: session.headers });
    expect(mine.json()).toMatchObject({ problem: M.calendarUnreadable });
  });
});

describe.each(STORE_KINDS)(
  "a calendar write that fails, against Radicale stopped and started again, on %s (decision 0043)",
  (kind) => {
    let store: TestStore;
    let app: FastifyInstance;
    const radicale = new RadicaleServer();
    useTestApp(
      kind,
      (made) => ({ store, app } = made),
      {
        ...BOOKING_TEST_CONFIG,
        // Read once and kept: the calendar was up when the times were offered, and is down at booking.
        BOOKING_CALENDAR_CACHE_SECONDS: 600,
        STAFF_SECRET_KEY: KEY,
        CALDAV_ALLOWED_HOSTS: ["127.0.0.1"],
      },
      { options: { outbox: false } },
    );
    const PEOPLE = { ...USERS, alex: "alex app password" };
    beforeAll(async () => {
      await radicale.start(PEOPLE);
    }, 30_000);
    afterAll(() => radicale.destroy());
    const starts = async (lead: { id: string; qualificationToken: string }) =>
      (await slotsOf(app, lead)).json<{ slots: { start: string }[] }>().slots.map((slot) => slot.start);
    const link = (user: keyof typeof PEOPLE) =>
      addCallTaker(store.db, `${user}@staffing.example`, {
        shownName: user,
        caldav: { url: radicale.calendarUrl(user), username: user, password: sealSecret(PEOPLE[user], KEY) },
      });

    it("a calendar down at booking: the lead's answer does not wait, staff see it on the call, and the event is written once it is back", async () => {
      await addCallTaker(store.db, "sam@staffing.example", {
        caldav: { url: radicale.calendarUrl("sam"), username: "sam", password: sealSecret(USERS.sam, KEY) },
      });
      const lead = await postLead(app, 4);
      const start = (await starts(lead))[3]!;
      const port = radicale.port;
      await radicale.stop();
      const booked = await book(app, lead, start);
      expect(booked.statusCode).toBe(201);
      const { id } = booked.json<{ booking: { id: string } }>().booking;
      await calendarWritesSettled(app);
      const [pending] = await store.db.select().from(bookings).where(eq(bookings.id, id));
      expect(pending).toMatchObject({ calendarPending: true, calendarProblem: M.calendarWriteFailed });
      const sam = await signIn(app, "sam@staffing.example");
      const page = await app.inject({ method: "GET", url: `/api/staff/leads/${lead.id}`, headers: sam.headers });
      expect(page.json<{ calls: { calendarProblem: string | null }[] }>().calls[0]!.calendarProblem).toBe(
        M.calendarWriteFailed,
      );

      await radicale.start(PEOPLE, port);
      await app.sweepBookings();
      expect(await radicale.uids("sam", USERS.sam)).toEqual(expect.arrayContaining([expect.stringContaining(id)]));
      const [written] = await store.db.select().from(bookings).where(eq(bookings.id, id));
      expect(written).toMatchObject({ calendarPending: false, calendarProblem: null });
    });

    it("a call moved to another staff member while the calendars are down leaves the first one's calendar once they are back", async () => {
      await link("sam");
      const lead = await postLead(app, 5);
      const [first, later] = [(await starts(lead))[3]!, (await starts(lead))[6]!];
      const booked = await book(app, lead, first);
      expect(booked.statusCode).toBe(201);
      const { id } = booked.json<{ booking: { id: string } }>().booking;
      await calendarWritesSettled(app);
      expect(await radicale.uids("sam", PEOPLE.sam)).toEqual(expect.arrayContaining([expect.stringContaining(id)]));
      // Sam is busy at the later time; Alex, linked now, is free: the move goes to Alex. Both
      // calendars are read (and kept, 600 s) before the server stops.
      await radicale.putEvent(
        "sam",
        PEOPLE.sam,
        "dentist-5",
        later,
        new Date(Date.parse(later) + 30 * 60_000).toISOString(),
      );
      await link("alex");
      expect(await starts(lead)).toContain(later);
      const port = radicale.port;
      await radicale.stop();
      const moved = await app.inject({
        method: "POST",
        url: `/api/bookings/${id}/move`,
        payload: { token: lead.qualificationToken, start: later },
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ booking: { with: "alex" } });
      await calendarWritesSettled(app);
      const [pending] = await store.db.select().from(bookings).where(eq(bookings.id, id));
      expect(pending).toMatchObject({ calendarPending: true, calendarProblem: M.calendarWriteFailed });

      await radicale.start(PEOPLE, port);
      await app.sweepBookings();
      expect((await radicale.uids("sam", PEOPLE.sam)).filter((uid) => uid.includes(id))).toEqual([]);
      expect(await radicale.uids("alex", PEOPLE.alex)).toEqual([expect.stringContaining(id)]);
      const [written] = await store.db.select().from(bookings).where(eq(bookings.id, id));
      expect(written).toMatchObject({
        calendarPending: false,
        calendarProblem: null,
        calendarHref: expect.any(String),
      });
    });
  },
);
