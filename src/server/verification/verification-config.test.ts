import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";
import type { Database } from "../store/database";
import { verificationDeps } from "./verify-lead";

/** What automatic pay needs besides (config-refusals.test.ts). */
const AUTO_PAY_NEEDS = {
  WORK_EMAIL_CODE_KEY: "07".repeat(32),
  SMTP_URL: "smtp://127.0.0.1:2",
  SITE_URL: "https://staffing.example",
  REWARDS_PROVIDER: "tremendous",
  TREMENDOUS_API_KEY: "key",
  TREMENDOUS_CAMPAIGN_ID: "C1",
  TREMENDOUS_WEBHOOK_KEY: "a-webhook-key-0123456789",
};

describe("verification settings", () => {
  it("default to the public registries, the lead's own domain, 2 a day and no auto-pay", () => {
    expect(loadConfig({})).toMatchObject({
      NPPES_API_URL: "https://npiregistry.cms.hhs.gov/api/",
      CMS_PROVIDER_DATA_URL: "https://data.cms.gov/provider-data/api/1",
      FACILITY_WEBSITE_URL: "https://{domain}/",
      VERIFICATION_DOMAIN_DAILY_LIMIT: 2,
      VERIFICATION_AUTO_PAY: false,
    });
  });

  it("take a stand-in's URLs and limits", () => {
    const config = loadConfig({
      FACILITY_WEBSITE_URL: "http://127.0.0.1:4032/{domain}/",
      VERIFICATION_DOMAIN_DAILY_LIMIT: "5",
      VERIFICATION_AUTO_PAY: "true",
      NPPES_API_URL: "http://127.0.0.1:4030/api/",
      ...AUTO_PAY_NEEDS,
    });
    expect(config).toMatchObject({
      FACILITY_WEBSITE_URL: "http://127.0.0.1:4032/{domain}/",
      VERIFICATION_DOMAIN_DAILY_LIMIT: 5,
      VERIFICATION_AUTO_PAY: true,
      NPPES_API_URL: "http://127.0.0.1:4030/api/",
    });
  });

  it.each([
    [{ FACILITY_WEBSITE_URL: "http://127.0.0.1:4032/" }, "FACILITY_WEBSITE_URL: must contain {domain}"],
    [{ NPPES_API_URL: "ftp://npi.example/" }, "NPPES_API_URL: must be an http(s):// URL"],
    [{ VERIFICATION_DOMAIN_DAILY_LIMIT: "-1" }, "VERIFICATION_DOMAIN_DAILY_LIMIT: must be 0 or more"],
    [{ VERIFICATION_AUTO_PAY: "yes" }, "VERIFICATION_AUTO_PAY: must be true or false"],
  ])("refuse %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("verificationDeps", () => {
  it("builds the clients and limits from the settings", () => {
    const config = loadConfig({
      FACILITY_WEBSITE_URL: "http://127.0.0.1:4032/{domain}/",
      VERIFICATION_DOMAIN_DAILY_LIMIT: "3",
      REWARDS_MONTHLY_LIMIT_USD: "500",
    });
    const deps = verificationDeps(config, {} as Database);
    expect(deps).toMatchObject({
      websiteUrl: "http://127.0.0.1:4032/{domain}/",
      domainDailyLimit: 3,
      monthlyLimitUsd: 500,
    });
    expect(typeof deps.nppes.searchOrganizations).toBe("function");
    expect(typeof deps.cms.search).toBe("function");
  });
});
