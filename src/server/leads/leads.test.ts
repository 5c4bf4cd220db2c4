import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { recentFacilityLeads } from "./leads-repository";
import { STORE_KINDS, createTestApp, type TestStore, useTestStore } from "../test-support/test-helpers";
import { homepageLead, qualifyLead } from "../test-support/test-fixtures";

describe.each(STORE_KINDS)("POST /api/leads on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  afterEach(async () => {
    await app?.close();
  });

  const post = async (payload: unknown, headers: Record<string, string> = {}) => {
    app = await createTestApp(store);
    return app.inject({ method: "POST", url: "/api/leads", payload: payload as object, headers });
  };

  it("stores a landing-page lead with every field of spec 3.3 and answers 201 with its id", async () => {
    const response = await post(homepageLead());
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [row] = await recentFacilityLeads(store.db);
    expect(row).toMatchObject({
      id,
      form: "homepage_form",
      source: "homepage_form",
      facilityName: "Sunrise Care Center",
      facilityType: "nursing_home",
      location: "Georgia",
      rolesNeeded: ["CNA", "RN"],
      urgency: "this_week",
      shiftTypes: ["Day Shift", "Weekend"],
      firstName: "Dana",
      lastName: "Reyes",
      title: "Director of Nursing",
      email: "dana@sunrise.example",
      phone: "(555) 123-4567",
      consentAgreed: true,
      trafficSource: "google",
      timestamp: "2026-11-22T10:00:00.000Z",
      userAgent: "Mozilla/5.0 test",
      referrer: "https://www.google.com/",
      url: "http://localhost:3000/?utm_source=google",
      utm: { utm_source: "google" },
    });
    expect(row!.receivedAt).toBeInstanceOf(Date);
  });

  it("stores a qualify-page lead with its own shift types and source label", async () => {
    const response = await post(qualifyLead());
    expect(response.statusCode).toBe(201);
    const [row] = await recentFacilityLeads(store.db);
    expect(row).toMatchObject({ form: "qualify_page", source: "qualify_page", shiftTypes: ["7a-3pm", "11pm-7am"] });
    expect(row!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("refuses a landing-page lead with qualify-page shift types", async () => {
    const response = await post(homepageLead({ shiftTypes: ["7a-3pm"] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ shiftTypes: "Please select at least one shift type" });
  });

  it("answers 400 with the forms' exact messages and stores nothing", async () => {
    const response = await post(
      homepageLead({ firstName: "   ", email: "not-an-email", phone: "555123", consentAgreed: false, rolesNeeded: [] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "Please correct the highlighted fields.",
      fields: {
        firstName: "First name is required",
        email: "Email is invalid",
        phone: "Please enter a valid 10-digit US phone number",
        consentAgreed: "Please agree to receive communications",
        rolesNeeded: "Please select at least one role",
      },
    });
    expect(await recentFacilityLeads(store.db)).toHaveLength(0);
  });

  it("refuses an unknown form", async () => {
    const response = await post(homepageLead({ form: "elsewhere" }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ form: "Unknown form" });
  });

  it("answers 415 for a body that is not JSON and 413 for one over 16 KB", async () => {
    const text = await post("hello", { "content-type": "text/plain" });
    expect(text.statusCode).toBe(415);
    const form = await post("a=1", { "content-type": "application/x-www-form-urlencoded" });
    expect(form.statusCode).toBe(415);
    const huge = await post({ ...homepageLead(), title: "x".repeat(17 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(await recentFacilityLeads(store.db)).toHaveLength(0);
  });

  it("answers 400, never 500, for malformed JSON, null and prototype-pollution keys", async () => {
    for (const payload of ["{", "null", "[]", '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{}}}']) {
      const response = await post(payload, { "content-type": "application/json" });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toHaveProperty("error");
    }
  });
});
