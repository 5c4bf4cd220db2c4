import { afterEach, describe, expect, it } from "vitest";
import { bookings } from "../store/schema";
import { addCallTaker, qualify, type TestLead } from "../test-support/booking-harness";
import { homepageLead } from "../test-support/test-fixtures";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { killServer, startServerProcess, type ServerProcess } from "../test-support/test-server-process";

/**
 * Two server processes on one PostgreSQL (decision 0036): the database, not a check, keeps a person
 * from being booked twice. The leads have qualified: a call is offered only to a lead who has
 * (decision 0043).
 */
const SHARED_KINDS = STORE_KINDS.filter((kind) => kind === "postgres");

describe("never double-booked across processes", () => {
  it("runs on PostgreSQL when TEST_DATABASE_URL is set", () => {
    expect(STORE_KINDS).toContain("pglite");
  });
});

describe.each(SHARED_KINDS)("two server processes on %s", (kind) => {
  let store: TestStore;
  const servers: ServerProcess[] = [];
  useTestStore(kind, (made) => (store = made));
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => killServer(server, "SIGTERM")));
  });

  const post = async (server: ServerProcess, path: string, body: object) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("ten leads press the same time at once, five on each process: one booking, nine 409s", async () => {
    const env = {
      DATABASE_URL: store.databaseUrl!,
      DATA_DIR: "/nonexistent",
      MIN_FILL_SECONDS: "0",
      BOOKING_MIN_NOTICE_MINUTES: "0",
      BOOKING_CALENDAR_CACHE_SECONDS: "0",
    };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    await addCallTaker(store.db, "sam@staffing.example");
    const leads: TestLead[] = [];
    for (let n = 0; n < 10; n++) {
      const lead = homepageLead({ email: `lead.${n}@care${n}.example`, phone: `(404) 555-${1000 + n}` });
      const made = (await post(servers[0]!, "/api/leads", lead)).body as unknown as TestLead;
      await qualify(store.db, made.id);
      leads.push(made);
    }
    const slotsUrl = `${servers[1]!.baseUrl}/api/bookings/slots?lead=${leads[0]!.id}&token=${leads[0]!.qualificationToken}`;
    const { slots } = (await (await fetch(slotsUrl)).json()) as { slots: { start: string }[] };
    const start = slots[2]!.start;
    const answers = await Promise.all(
      leads.map((lead, n) =>
        post(servers[n % 2]!, "/api/bookings", { lead: lead.id, token: lead.qualificationToken, start }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const refused of answers.filter((answer) => answer.status === 409))
      expect(refused.body["error"]).toBe("That time was just taken, please pick another");
    expect(await store.db.select().from(bookings)).toHaveLength(1);
  }, 120_000);
});
