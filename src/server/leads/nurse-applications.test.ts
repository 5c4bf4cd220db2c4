import { describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { recentNurseApplications } from "./nurse-applications-repository";
import { STORE_KINDS, useTestApp, type TestStore } from "../test-support/test-helpers";
import { nurseApplication } from "../test-support/test-fixtures";

describe.each(STORE_KINDS)("POST /api/nurse-applications on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestApp(kind, (made) => ({ store, app } = made));

  const post = (payload: object) => app.inject({ method: "POST", url: "/api/nurse-applications", payload });

  it("stores the application as spec 3.1 describes it", async () => {
    const response = await post(nurseApplication());
    expect(response.statusCode).toBe(201);
    const [row] = await recentNurseApplications(store.db);
    expect(row).toMatchObject({
      id: response.json().id,
      firstName: "Ana",
      lastName: "Lopez",
      phone: "(555) 222-3333",
      zipCode: "30009",
      classification: "CNA & CMA",
      desiredLocation: "Puerto Rico",
      message: "No additional message provided",
      subject: "New Nurse Application: Ana Lopez",
      source: "nurse_application_form",
    });
  });

  it("answers every message of spec 5.1 for an empty body, and stores nothing", async () => {
    const response = await post({});
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      phone: "Phone number is required",
      zipCode: "Zip code is required",
      classification: "Classification is required",
      desiredLocation: "Desired location is required",
    });
    expect(await recentNurseApplications(store.db)).toHaveLength(0);
  });
});
