import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "./config";
import { installTestClock } from "./test-clock";

const RealDate = Date;

describe("TEST_CLOCK (journeys only)", () => {
  afterEach(() => {
    globalThis.Date = RealDate;
  });

  it("refuses to start in production, naming the variable", () => {
    expect(() => installTestClock({ TEST_CLOCK: "2027-01-09T23:30:00Z", NODE_ENV: "production" })).toThrow(
      new ConfigError("TEST_CLOCK is for tests only: unset TEST_CLOCK (NODE_ENV is production)."),
    );
    expect(Date).toBe(RealDate);
  });

  it("refuses a value that is no instant", () => {
    expect(() => installTestClock({ TEST_CLOCK: "saturday evening" })).toThrow(
      /TEST_CLOCK must be an ISO 8601 instant/,
    );
  });

  it("starts every clock of the process at the instant given, and runs on", () => {
    installTestClock({ TEST_CLOCK: "2027-01-09T23:30:00Z" });
    const start = Date.parse("2027-01-09T23:30:00Z");
    expect(Date.now() - start).toBeGreaterThanOrEqual(0);
    expect(Date.now() - start).toBeLessThan(5_000);
    expect(new Date().getTime() - start).toBeLessThan(5_000);
    expect(new Date(0).getTime()).toBe(0);
    expect(new Date("2020-01-01T00:00:00Z").toISOString()).toBe("2020-01-01T00:00:00.000Z");
  });

  it("changes nothing when unset", () => {
    installTestClock({});
    expect(Date).toBe(RealDate);
  });
});
