import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { OnboardingSpots } from "../../domain/onboarding-spots";
import type { PipelineActor, PipelineStep } from "../../domain/incentive-pipeline";
import { loadConfig } from "../config";
import { recordTransition } from "../store/lead-pipeline-repository";
import { stepEffects } from "../mail";
import { facilityLeads, leadVerifications, staffAccounts } from "../store/schema";
import { addAccount } from "../test-support/staff-test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { STORE_KINDS, useTestApps, type TestStore } from "../test-support/test-helpers";

const ADMIN: PipelineActor = "staff:onboarding@provider.example";
const TO_FIRST_SHIFT: PipelineStep[] = [
  { to: "qualified", via: "staff_call" },
  { to: "role_verified", method: "phone_call_to_facility", note: "Called the desk" },
  { to: "gift_card_sent", reference: "" },
  { to: "first_shift_filled" },
];

describe.each(STORE_KINDS)("the spots left on %s", (kind) => {
  let store: TestStore;
  const build = useTestApps(kind, (made) => (store = made));
  let now = new Date("2026-11-27T10:00:00Z");
  let n = 0;

  /** A facility a registry knows (by `npi`) whose first shift an admin recorded (decision 0043: what the claim may count). */
  async function filledShift(
    app: FastifyInstance,
    facilityName: string,
    location = "Georgia",
    npi = `1${String(n + 1).padStart(9, "0")}`,
  ): Promise<string> {
    n += 1;
    if (!(await store.db.$count(staffAccounts))) await addAccount(store.db, ADMIN.slice("staff:".length), "admin");
    const response = await app.inject({
      method: "POST",
      url: "/api/leads",
      payload: homepageLead({ facilityName, location, email: `dir${n}@place${n}.example`, phone: `55598700${n}0` }),
    });
    expect(response.statusCode).toBe(201);
    const leadId = response.json<{ id: string }>().id;
    await store.db.insert(leadVerifications).values({
      id: randomUUID(),
      leadId,
      decision: "verified",
      reasons: [],
      evidence: {},
      npi,
      emailDomain: `place${n}.example`,
    });
    for (const step of TO_FIRST_SHIFT) {
      const taken = step.to === "gift_card_sent" ? { ...step, reference: `CARD-${n}` } : step;
      const result = await recordTransition(
        store.db,
        { leadId, actor: ADMIN, step: taken },
        { now, effects: stepEffects(undefined) },
      );
      expect(result.ok).toBe(true);
    }
    return leadId;
  }
  const spots = async (app: FastifyInstance) => {
    const response = await app.inject({ method: "GET", url: "/api/onboarding/spots" });
    expect(response.statusCode).toBe(200);
    return response.json<OnboardingSpots>();
  };
  const southeast = (answer: OnboardingSpots) => answer.regions.find((r) => r.name === "Southeast");

  it("counts a Georgia facility's first filled shift in the Southeast within a minute, and the same facility once", async () => {
    const app = await build({ MIN_FILL_SECONDS: 0 }, { reports: { clock: () => now } });
    const before = await spots(app);
    expect(before.quarter).toBe("2026-Q4");
    expect(before.featured).toBe("Southeast");
    expect(before.regions.map((r) => r.name)).toEqual([
      "New England",
      "Mideast",
      "Great Lakes",
      "Plains",
      "Southeast",
      "Southwest",
      "Rocky Mountain",
      "Far West",
    ]);
    expect(southeast(before)).toMatchObject({ capacity: 15, onboarded: 0, left: 15 });

    await filledShift(app, "Peachtree Care Center", "Georgia", "1000000001");
    // Served from the cache for 30 s (with the browser's 30 s, under a minute), then counted again.
    expect(southeast(await spots(app))?.left).toBe(15);
    now = new Date(now.getTime() + 30_000);
    expect(southeast(await spots(app))).toMatchObject({ onboarded: 1, left: 14 });

    // A second lead of the same facility (its registry number, its name written differently) filling a shift: still one.
    await filledShift(app, "  peachtree care   center ", "Georgia", "1000000001");
    // A Texas facility counts in the Southwest, not the Southeast.
    await filledShift(app, "Alamo Rehab", "Texas");
    now = new Date(now.getTime() + 30_000);
    const after = await spots(app);
    expect(southeast(after)).toMatchObject({ onboarded: 1, left: 14 });
    expect(after.regions.find((r) => r.name === "Southwest")).toMatchObject({ onboarded: 1, left: 14 });
    const cached = await app.inject({ method: "GET", url: "/api/onboarding/spots" });
    expect(cached.headers["cache-control"]).toBe("public, max-age=30");
  });

  it("says a full region has no spot left, and still stores its leads", async () => {
    const app = await build(
      { MIN_FILL_SECONDS: 0, ONBOARDING_CAPACITY_PER_QUARTER: 2 },
      { reports: { clock: () => now } },
    );
    await filledShift(app, "Magnolia Health");
    await filledShift(app, "Live Oak Nursing Home", "Florida");
    await filledShift(app, "Palmetto Senior Living", "South Carolina");
    now = new Date(now.getTime() + 30_000);
    expect(southeast(await spots(app))).toMatchObject({ capacity: 2, onboarded: 3, left: 0 });
    const late = await app.inject({
      method: "POST",
      url: "/api/leads",
      payload: homepageLead({ email: "late@waiting.example", phone: "5559870999" }),
    });
    expect(late.statusCode).toBe(201);
    expect(await store.db.$count(facilityLeads)).toBe(4);
  });

  it("counts nothing with capacity 0 (the claim is off)", async () => {
    const app = await build({ ONBOARDING_CAPACITY_PER_QUARTER: 0 });
    expect(southeast(await spots(app))).toMatchObject({ capacity: 0, onboarded: 0, left: 0 });
  });

  it("takes the operator's region map from a file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "regions-"));
    const file = join(dir, "regions.json");
    writeFileSync(file, JSON.stringify({ Peach: ["GA"], Rest: ["TX", "FL"] }));
    const app = await build({ ONBOARDING_REGIONS_FILE: file, ONBOARDING_FEATURED_REGION: "Peach" });
    const answer = await spots(app);
    expect(answer.regions).toEqual([
      { name: "Peach", capacity: 15, onboarded: 0, left: 15, states: ["GA"] },
      { name: "Rest", capacity: 15, onboarded: 0, left: 15, states: ["TX", "FL"] },
    ]);
  });
});

describe("the spots' settings", () => {
  it("refuse to start with a featured region the map lacks, or a map file that is not one, naming the variable", () => {
    expect(() => loadConfig({ ONBOARDING_FEATURED_REGION: "Atlantis" })).toThrow(
      /ONBOARDING_FEATURED_REGION: must be one of the regions: New England, Mideast/,
    );
    expect(() =>
      loadConfig({ ONBOARDING_FEATURED_REGION: "Atlantis", ONBOARDING_CAPACITY_PER_QUARTER: "0" }),
    ).not.toThrow();
    expect(() => loadConfig({ ONBOARDING_REGIONS_FILE: "/nonexistent/regions.json" })).toThrow(
      /ONBOARDING_REGIONS_FILE: cannot read/,
    );
    expect(() => loadConfig({ ONBOARDING_CAPACITY_PER_QUARTER: "-1" })).toThrow(
      /ONBOARDING_CAPACITY_PER_QUARTER: must be 0 or more/,
    );
  });
});
