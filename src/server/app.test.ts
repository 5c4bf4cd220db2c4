import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { ConfigError, loadConfig, testConfig } from "./config";
import { STORE_KINDS, useTestApps } from "./test-support/test-helpers";
import { homepageLead } from "./test-support/test-fixtures";

describe("config", () => {
  it("has the documented defaults", () => {
    expect(loadConfig({})).toMatchObject({ PORT: 3000, HOST: "127.0.0.1", DATA_DIR: "./data" });
  });

  it("refuses a bad value and names the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });
});

describe.each(STORE_KINDS)("health and unknown paths on %s", (kind) => {
  const build = useTestApps(kind);

  it("GET /api/health answers ok after a real query", async () => {
    const app = await build();
    const response = await app.inject("/api/health");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: kind });
  });

  it("an unknown /api path answers JSON 404", async () => {
    const app = await build();
    const response = await app.inject("/api/nope");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Not found" });
  });
});

// Its own stores, not useTestStore's: apps that open the data directory on disk, across a restart.
describe("PGlite on disk", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "staffing-data-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps a stored lead across a restart", async () => {
    const config = testConfig({ DATA_DIR: dataDir, BUILD_DIR: "/nonexistent-build" });
    const first = await buildApp(config);
    const created = await first.inject({ method: "POST", url: "/api/leads", payload: homepageLead() as object });
    expect(created.statusCode).toBe(201);
    await first.close();

    const second = await buildApp({ ...config, ADMIN_TOKEN: "a-test-admin-token-123" });
    const listed = await second.inject({
      url: "/api/admin/leads",
      headers: { authorization: "Bearer a-test-admin-token-123" },
    });
    await second.close();
    expect(listed.json().leads.map((lead: { id: string }) => lead.id)).toEqual([created.json().id]);
  });
});
