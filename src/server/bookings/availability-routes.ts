import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  AvailabilityRequestSchema,
  BOOKING_MESSAGES as M,
  type AvailabilityState,
} from "../../domain/booking-requests";
import { parseBody } from "../validation";
import { sealSecret } from "../sealed-secrets";
import { staffAvailability } from "../store/schema";
import type { CalendarCache } from "./booking-offer";
import { CaldavAddressRefused, checkedAddress } from "./caldav-fetch";

/** Why a calendar's address is refused (a private or local address, or a name with none), in words; undefined when it may be used. */
async function refusedCalendarAddress(app: FastifyInstance, url: string): Promise<string | undefined> {
  try {
    await checkedAddress(new URL(url), app.bookingCaldavGuard);
    return undefined;
  } catch (error) {
    if (!(error instanceof CaldavAddressRefused)) throw error;
    return error.kind === "private" ? M.caldavPrivate : M.caldavUnreachable;
  }
}

/** A first name from an address, for an account that has not set one ("dana.whitfield@…" -> "Dana"). */
const nameFromEmail = (email: string) => {
  const word = email.split("@")[0]!.split(/[._+-]/)[0] ?? "";
  return word ? word[0]!.toUpperCase() + word.slice(1, 40) : "Our team";
};

/**
 * One's own availability (decision 0036), under the console's session, CSRF token and header: the
 * first name leads see, the zone, the weekly hours, whether one takes calls, and a CalDAV
 * calendar (its password sealed with STAFF_SECRET_KEY, never answered back). The answer says
 * when the calendar cannot be read, so none of one's times are offered.
 */
export async function registerAvailabilityRoutes(app: FastifyInstance, calendars: CalendarCache): Promise<void> {
  const db = () => app.store.db;

  const stateOf = async (request: FastifyRequest): Promise<AvailabilityState> => {
    const account = request.staff!.account;
    const [row] = await db().select().from(staffAvailability).where(eq(staffAvailability.staffId, account.id)).limit(1);
    if (!row)
      return {
        shownName: nameFromEmail(account.email),
        timeZone: "America/New_York",
        takesCalls: false,
        weekly: [],
        caldav: null,
        problem: null,
      };
    const linked = row.caldavUrl && row.caldavUsername;
    const readable = linked && row.takesCalls ? (await calendars.busyOf(row, Date.now())) !== undefined : true;
    return {
      shownName: row.shownName,
      timeZone: row.timeZone,
      takesCalls: row.takesCalls,
      weekly: row.weekly,
      caldav: linked ? { url: row.caldavUrl!, username: row.caldavUsername! } : null,
      problem: readable ? null : M.calendarUnreadable,
    };
  };

  app.get("/api/staff/availability", async (request) => stateOf(request));

  app.put("/api/staff/availability", async (request, reply) => {
    const body = parseBody(AvailabilityRequestSchema, request.body, reply, { error: "first-message" });
    if (!body) return reply;
    const account = request.staff!.account;
    const [existing] = await db()
      .select()
      .from(staffAvailability)
      .where(eq(staffAvailability.staffId, account.id))
      .limit(1);
    let password: string | null = null;
    if (body.caldav) {
      const refused = await refusedCalendarAddress(app, body.caldav.url);
      if (refused) return reply.code(400).send({ error: refused, fields: { caldav: refused } });
      if (body.caldav.password) password = sealSecret(body.caldav.password, app.config.STAFF_SECRET_KEY);
      else if (existing?.caldavPassword) password = existing.caldavPassword;
      else return reply.code(400).send({ error: M.caldavPassword, fields: { caldav: M.caldavPassword } });
    }
    const values = {
      shownName: body.shownName ?? existing?.shownName ?? nameFromEmail(account.email),
      timeZone: body.timeZone,
      takesCalls: body.takesCalls,
      weekly: body.weekly,
      caldavUrl: body.caldav?.url ?? null,
      caldavUsername: body.caldav?.username ?? null,
      caldavPassword: password,
      updatedAt: new Date(),
    };
    await db()
      .insert(staffAvailability)
      .values({ staffId: account.id, ...values })
      .onConflictDoUpdate({ target: staffAvailability.staffId, set: values });
    calendars.forget(account.id);
    return stateOf(request);
  });
}
