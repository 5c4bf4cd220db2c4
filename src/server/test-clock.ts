import { ConfigError } from "./config";

/**
 * TEST_CLOCK (journeys only): the server's clock starts at this instant and runs on
 * from there ("2027-01-09T23:30:00Z": a Saturday evening in New York), so a journey can ask
 * what the offer and its promises are at a time it chooses. Every `Date` of the process reads
 * it (`new Date()`, `Date.now()`). Refused with NODE_ENV=production: a site never lies about
 * the time.
 */
export function installTestClock(env: NodeJS.ProcessEnv = process.env): void {
  const value = env["TEST_CLOCK"];
  if (!value) return;
  if (env["NODE_ENV"] === "production")
    throw new ConfigError("TEST_CLOCK is for tests only: unset TEST_CLOCK (NODE_ENV is production).");
  const start = Date.parse(value);
  if (Number.isNaN(start)) throw new ConfigError("TEST_CLOCK must be an ISO 8601 instant, e.g. 2027-01-09T23:30:00Z.");
  const RealDate = Date;
  const offset = start - RealDate.now();
  const now = () => RealDate.now() + offset;
  class ClockDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now());
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return now();
    }
  }
  globalThis.Date = ClockDate as DateConstructor;
}
