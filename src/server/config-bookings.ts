import { z } from "zod";
import { emptyToUndefined } from "./config-fields";

const whole = (fallback: number, min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int("must be a whole number")
      .min(min, `must be ${min} or more`)
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );

/** The settings of booking a call (decision 0036): the call's length, notice, span, reminder, calendar cache. */
export const BOOKING_SETTINGS = {
  /** A call's length in minutes; calls start on a grid of it, so it divides an hour. */
  BOOKING_CALL_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .refine((v) => [5, 10, 15, 20, 30, 60].includes(v), "must be 5, 10, 15, 20, 30 or 60")
      .default(15),
  ),
  /** The earliest call offered is this many minutes from now. */
  BOOKING_MIN_NOTICE_MINUTES: whole(120, 0, 7 * 24 * 60),
  /** The offer spans this many business days, today included. */
  BOOKING_DAYS: whole(5, 1, 20),
  /** The reminder e-mail goes this many minutes before the call (0: none). */
  BOOKING_REMINDER_MINUTES: whole(60, 0, 24 * 60),
  /** How long a staff member's CalDAV busy times are kept before they are read again. */
  BOOKING_CALENDAR_CACHE_SECONDS: whole(90, 0, 600),
  /**
   * Hosts a staff member's CalDAV calendar may be on although private or local (decision 0043): an
   * operator's calendar inside their network, comma-separated host names or IP addresses,
   * optionally with a port (`calendar.internal,127.0.0.1:5232`). Every other calendar must be
   * on a public address.
   */
  CALDAV_ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.:[\]-]+$/, "must be a comma-separated list of host names or addresses"))),
};
