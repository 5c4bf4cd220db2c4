import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { BOOKING_MESSAGES as M } from "../../domain/booking-requests";
import { addCallTaker, BOOKING_TEST_CONFIG, book, postLead, qualify, slotsOf } from "../test-support/booking-harness";
import { signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, useTestApps, type TestStore } from "../test-support/test-helpers";

const ADMIN = "admin-token-for-the-eligibility-tests";
/** Weekdays 09:00-10:00 in New York: four calls a day, twenty a week (the attack's hours). */
const ONE_HOUR = [1, 2, 3, 4, 5].map((day) => ({ day, from: "09:00", to: "10:00" }));

interface Slots {
  slots: { start: string }[];
  needsQualification?: true;
}

describe.each(STORE_KINDS)(
  "calls only for qualified leads, calendars only on public hosts on %s (decision 0043)",
  (kind) => {
    let store: TestStore;
    const build = useTestApps(kind, (made) => (store = made));
    const start = (overrides: object = {}, options: Parameters<typeof build>[1] = {}) =>
      build(
        { ...BOOKING_TEST_CONFIG, ADMIN_TOKEN: ADMIN, BOOKING_DAYS: 10, ...overrides },
        { outbox: false, ...options },
      );

    it("twenty unqualified leads cannot take a time; a qualified lead still books", async () => {
      const app = await start();
      await addCallTaker(store.db, "sam@staffing.example", { weekly: ONE_HOUR });
      const bots = [];
      for (let n = 1; n <= 20; n++) bots.push(await postLead(app, n, {}, { qualified: false }));
      const honest = await postLead(app, 99);
      const offered = (await slotsOf(app, honest)).json<Slots>().slots;
      expect(offered.length).toBeGreaterThan(0);
      for (const [i, bot] of bots.entries()) {
        const slots = (await slotsOf(app, bot)).json<Slots>();
        expect(slots).toMatchObject({ slots: [], needsQualification: true });
        const taken = await book(app, bot, offered[i % offered.length]!.start);
        expect(taken.statusCode).toBe(403);
        expect(taken.json()).toEqual({ error: M.notQualified });
      }
      expect((await slotsOf(app, honest)).json<Slots>().slots).toEqual(offered);
      expect((await book(app, honest, offered[0]!.start)).statusCode).toBe(201);
      // Once the chat is done, a bot is a lead like any other.
      await qualify(store.db, bots[0]!.id);
      expect((await slotsOf(app, bots[0]!)).json<Slots>().slots.length).toBe(offered.length - 1);
    });

    it("a do-not-contact lead is offered no times and its booking is refused; a spam lead likewise", async () => {
      const app = await start();
      await addCallTaker(store.db, "sam@staffing.example");
      const lead = await postLead(app, 1);
      const offered = (await slotsOf(app, lead)).json<Slots>().slots;
      expect(offered.length).toBeGreaterThan(0);
      const optedOut = await app.inject({
        method: "POST",
        url: "/api/admin/privacy/opt-out",
        headers: { authorization: `Bearer ${ADMIN}` },
        payload: { subject: "lead.1@care1.example", reference: "issue-48" },
      });
      expect(optedOut.statusCode).toBe(200);
      const slots = await slotsOf(app, lead);
      expect(slots.statusCode).toBe(200);
      expect(slots.json()).toMatchObject({ slots: [], booking: null });
      expect(slots.json().needsQualification).toBeUndefined();
      const refused = await book(app, lead, offered[0]!.start);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: M.notBookable });
    });

    it("a lead books or moves at most three times a day, and one e-mail domain books a few calls a day", async () => {
      const app = await start();
      await addCallTaker(store.db, "sam@staffing.example");
      const lead = await postLead(app, 1);
      const offered = (await slotsOf(app, lead)).json<Slots>().slots;
      const booked = await book(app, lead, offered[0]!.start);
      expect(booked.statusCode).toBe(201);
      const id = booked.json<{ booking: { id: string } }>().booking.id;
      const move = (to: string) =>
        app.inject({
          method: "POST",
          url: `/api/bookings/${id}/move`,
          payload: { token: lead.qualificationToken, start: to },
        });
      expect((await move(offered[1]!.start)).statusCode).toBe(200);
      expect((await move(offered[2]!.start)).statusCode).toBe(200);
      const fourth = await move(offered[3]!.start);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({ error: M.tooManyChanges });

      const sameDomain = [];
      for (let n = 10; n < 15; n++) sameDomain.push(await postLead(app, n, { email: `person.${n}@bulk.example` }));
      for (const [i, other] of sameDomain.entries())
        expect((await book(app, other, offered[5 + i]!.start)).statusCode).toBe(201);
      const sixth = await postLead(app, 20, { email: "person.20@bulk.example" });
      const refused = await book(app, sixth, offered[12]!.start);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: M.busyToday });
    });

    it("one client (an IPv6 /64) books a few calls a day, whatever address of the /64 it uses", async () => {
      const app = await start({ RATE_LIMIT_EXEMPT_IPS: [], RATE_LIMIT_PER_MINUTE: 0, RATE_LIMIT_PER_DAY: 0 });
      await addCallTaker(store.db, "sam@staffing.example");
      const offered = (await slotsOf(app, await postLead(app, 50))).json<Slots>().slots;
      const from = (n: number) => `2001:db8:48:1::${n.toString(16)}`;
      const bookFrom = async (n: number) => {
        const lead = await postLead(app, n);
        return app.inject({
          method: "POST",
          url: "/api/bookings",
          remoteAddress: from(n),
          payload: { lead: lead.id, token: lead.qualificationToken, start: offered[n]!.start },
        });
      };
      for (const n of [1, 2, 3]) {
        const booked = await bookFrom(n);
        expect([booked.statusCode, booked.body]).toEqual([201, expect.any(String)]);
      }
      const fourth = await bookFrom(4);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({ error: M.busyToday });
    });

    describe("a CalDAV address", () => {
      const signedIn = new WeakMap<FastifyInstance, Awaited<ReturnType<typeof signIn>>>();
      const put = async (app: FastifyInstance, url: string, takesCalls = true) => {
        if (!signedIn.has(app)) {
          await addCallTaker(store.db, "lee@staffing.example");
          signedIn.set(app, await signIn(app, "lee@staffing.example"));
        }
        const session = signedIn.get(app)!;
        return app.inject({
          method: "PUT",
          url: "/api/staff/availability",
          headers: session.headers,
          payload: {
            timeZone: "America/Chicago",
            takesCalls,
            weekly: [{ day: 1, from: "09:00", to: "17:00" }],
            caldav: { url, username: "lee", password: "app password" },
          },
        });
      };
      const resolver = async (host: string) =>
        host === "calendar.inside.example"
          ? [{ address: "10.0.0.1", family: 4 }]
          : host === "metadata.inside.example"
            ? [{ address: "169.254.169.254", family: 4 }]
            : [{ address: "93.184.215.14", family: 4 }];

      it.each([
        "http://127.0.0.1:5232/lee/calendar/",
        "http://10.0.0.1/lee/calendar/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]:5232/lee/",
        "https://calendar.inside.example/lee/",
        "https://metadata.inside.example/latest/",
      ])("on a private or local address (%s) is refused with a 400 in words", async (url) => {
        const app = await start({}, { caldavResolver: resolver });
        const refused = await put(app, url);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ error: M.caldavPrivate, fields: { caldav: M.caldavPrivate } });
      });

      it("is allowed on a host the operator names in CALDAV_ALLOWED_HOSTS", async () => {
        const app = await start(
          { CALDAV_ALLOWED_HOSTS: ["calendar.inside.example", "127.0.0.1:5232"] },
          { caldavResolver: resolver },
        );
        // Not taking calls: the calendar is not read (nothing leaves this machine).
        expect((await put(app, "https://calendar.inside.example/lee/", false)).statusCode).toBe(200);
        expect((await put(app, "http://127.0.0.1:5232/lee/", false)).statusCode).toBe(200);
        expect((await put(app, "http://127.0.0.1:5233/lee/", false)).statusCode).toBe(400);
      });

      it("on a public address is taken; a name with no address is refused in words", async () => {
        const app = await start(
          {},
          { caldavResolver: async (host) => (host === "nowhere.example" ? [] : resolver(host)) },
        );
        // Not taking calls: the calendar is not read (nothing leaves this machine).
        expect((await put(app, "https://caldav.fastmail.example/dav/calendars/user/lee/", false)).statusCode).toBe(200);
        const unknown = await put(app, "https://nowhere.example/lee/");
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json()).toMatchObject({ error: M.caldavUnreachable });
      });
    });
  },
);
