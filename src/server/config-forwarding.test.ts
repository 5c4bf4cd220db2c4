import { describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { ConfigError, loadConfig, testConfig } from "./config";
import { logCapture, useTestStore, type TestStore } from "./test-support/test-helpers";
import { homepageLead } from "./test-support/test-fixtures";
import { TestReceiver } from "./test-support/test-receiver";

describe("configuration of forwarding and abuse protection", () => {
  it("has the documented defaults", () => {
    expect(loadConfig({})).toMatchObject({
      OUTBOX_RETRY_BASE_MS: 5000,
      RATE_LIMIT_PER_MINUTE: 10,
      RATE_LIMIT_PER_DAY: 100,
      RATE_LIMIT_EXEMPT_IPS: ["127.0.0.1", "::1"],
      MIN_FILL_SECONDS: 3,
      TRUST_PROXY: false,
    });
    const config = loadConfig({});
    expect(
      config.QUALIFY_WEBHOOK_URL ?? config.HOMEPAGE_WEBHOOK_URL ?? config.NURSE_FORM_URL ?? config.REDIS_URL,
    ).toBeUndefined();
  });

  it("reads lists and numbers, and an empty exempt list means nobody is exempt", () => {
    expect(
      loadConfig({ RATE_LIMIT_EXEMPT_IPS: "", RATE_LIMIT_PER_MINUTE: "0", MIN_FILL_SECONDS: "1.5" }),
    ).toMatchObject({
      RATE_LIMIT_EXEMPT_IPS: [],
      RATE_LIMIT_PER_MINUTE: 0,
      MIN_FILL_SECONDS: 1.5,
    });
  });

  it.each([
    ["QUALIFY_WEBHOOK_URL", "not a url"],
    ["HOMEPAGE_WEBHOOK_URL", "ftp://x.example/hook"],
    ["NURSE_FORM_URL", "nope"],
    ["WEBHOOK_SIGNING_SECRET", "short"],
    ["OUTBOX_RETRY_BASE_MS", "0"],
    ["RATE_LIMIT_PER_MINUTE", "-1"],
    ["RATE_LIMIT_PER_DAY", "lots"],
    ["RATE_LIMIT_EXEMPT_IPS", "localhost"],
    ["MIN_FILL_SECONDS", "-2"],
    ["REDIS_URL", "http://127.0.0.1:6379"],
  ])("refuses a bad %s and names it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});

describe("logs", () => {
  let store: TestStore;
  useTestStore("pglite", (made) => (store = made));

  it("say once that forwarding is off, never hold personal data, and log each delivery attempt's host, status and duration", async () => {
    const { stream, lines } = logCapture();
    const off = await buildApp(testConfig({ BUILD_DIR: "/nonexistent-build", LOG_LEVEL: "info" }), {
      store,
      logger: { level: "info", stream },
    });
    await off.inject({ method: "POST", url: "/api/leads", payload: homepageLead() as object });
    await off.close();
    expect(lines.filter((line) => line.includes("forwarding is off"))).toHaveLength(1);

    const receiver = await new TestReceiver().start();
    const on = await buildApp(
      testConfig({ BUILD_DIR: "/nonexistent-build", LOG_LEVEL: "info", HOMEPAGE_WEBHOOK_URL: receiver.url() }),
      { store, logger: { level: "info", stream }, outbox: { pollMs: 50 } },
    );
    await on.ready();
    await on.inject({
      method: "POST",
      url: "/api/leads",
      payload: homepageLead({ email: "other@x.example" }) as object,
    });
    await receiver.waitFor(1);
    await on.close();
    await receiver.stop();
    on.log.info({ lead: { email: "x@y.example", phone: "(555) 123-4567", firstName: "Dana" } }, "redaction probe");

    const all = lines.join("\n");
    for (const secret of ["dana@sunrise.example", "other@x.example", "x@y.example", "(555) 123-4567", "Reyes"]) {
      expect(all).not.toContain(secret);
    }
    const attempt = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === "delivery attempt");
    expect(attempt).toMatchObject({ destination: `127.0.0.1:${receiver.port}`, status: 200, outcome: "delivered" });
    expect(typeof attempt.durationMs).toBe("number");
  });
});
