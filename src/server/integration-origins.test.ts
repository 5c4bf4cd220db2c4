import { describe, expect, it } from "vitest";
import { testConfig } from "./config";
import { integrationOrigins } from "./integration-origins";
import { contentSecurityPolicy } from "./security-headers";

describe("integrationOrigins", () => {
  it("adds nothing when no integration is configured", () => {
    expect(integrationOrigins(testConfig())).toEqual({});
  });

  it("adds nothing for voice with a key but no assistant (the page offers no call)", () => {
    expect(integrationOrigins(testConfig({ VITE_VAPI_PUBLIC_KEY: "pk" }))).toEqual({});
  });

  it("voice: the default API origin plus the call library's origins", () => {
    const extra = integrationOrigins(testConfig({ VITE_VAPI_PUBLIC_KEY: "pk", VITE_VAPI_ASSISTANT_ID: "a1" }));
    expect(extra.connectSrc).toEqual([
      "https://api.vapi.ai",
      "https://*.daily.co",
      "wss://*.wss.daily.co",
      "https://*.pluot.blue",
      "https://o77906.ingest.sentry.io",
    ]);
    expect(extra.scriptSrc).toEqual(["https://c.daily.co", "'wasm-unsafe-eval'"]);
    expect(extra.frameSrc).toBeUndefined();
    expect(JSON.stringify(extra)).not.toContain("'unsafe-eval'");
  });

  it("voice: an API URL override replaces the default origin", () => {
    const extra = integrationOrigins(
      testConfig({
        VITE_VAPI_PUBLIC_KEY: "pk",
        VITE_VAPI_ASSISTANT_ID: "a1",
        VITE_VAPI_API_URL: "http://127.0.0.1:4321/base",
      }),
    );
    expect(extra.connectSrc?.[0]).toBe("http://127.0.0.1:4321");
    expect(extra.connectSrc).not.toContain("https://api.vapi.ai");
  });

  it("chat widget: its script's origin only", () => {
    const extra = integrationOrigins(
      testConfig({ VITE_CHAT_WIDGET_SRC: "https://widgets.chat.example/v2/loader.js?id=7" }),
    );
    const origin = "https://widgets.chat.example";
    expect(extra).toEqual({
      scriptSrc: [origin],
      connectSrc: [origin],
      frameSrc: [origin],
      imgSrc: [origin],
      styleSrc: [origin],
    });
  });

  it("Google tag: the tag manager and analytics collection", () => {
    const extra = integrationOrigins(testConfig({ VITE_GOOGLE_TAG_ID: "G-TEST" }));
    expect(extra.scriptSrc).toEqual(["https://www.googletagmanager.com"]);
    expect(extra.connectSrc).toContain("https://*.google-analytics.com");
  });

  it("Google Ads conversion: the tag manager and the conversion hosts, only when configured", () => {
    expect(integrationOrigins(testConfig({}))).toEqual({});
    const extra = integrationOrigins(testConfig({ VITE_ADS_CONVERSION_SEND_TO: "AW-42/abc" }));
    expect(extra.scriptSrc).toContain("https://www.googletagmanager.com");
    expect(extra.imgSrc).toContain("https://googleads.g.doubleclick.net");
    expect(extra.connectSrc).toContain("https://www.googleadservices.com");
  });

  it("merges every configured integration into the policy without duplicates", () => {
    const extra = integrationOrigins(
      testConfig({
        VITE_VAPI_PUBLIC_KEY: "pk",
        VITE_VAPI_ASSISTANT_ID: "a1",
        VITE_CHAT_WIDGET_SRC: "https://c.daily.co/x.js",
        VITE_GOOGLE_TAG_ID: "G-1",
      }),
    );
    expect(extra.scriptSrc?.filter((s) => s === "https://c.daily.co")).toHaveLength(1);
    const policy = contentSecurityPolicy({ inlineScripts: [], extra });
    expect(policy.scriptSrc).toEqual([
      "'self'",
      "https://c.daily.co",
      "'wasm-unsafe-eval'",
      "https://www.googletagmanager.com",
    ]);
    expect(policy.frameSrc).toEqual(["https://c.daily.co"]);
  });
});
