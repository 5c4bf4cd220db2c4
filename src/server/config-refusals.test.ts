import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

/** Decision 0040: a setting that switches a feature on without what it needs refuses to start, naming the variable. */

const PROVIDER = {
  REWARDS_PROVIDER: "tremendous",
  TREMENDOUS_API_KEY: "key",
  TREMENDOUS_CAMPAIGN_ID: "C1",
  TREMENDOUS_WEBHOOK_KEY: "a-webhook-key-0123456789",
};
const AUTO_PAY = {
  VERIFICATION_AUTO_PAY: "true",
  WORK_EMAIL_CODE_KEY: "07".repeat(32),
  SMTP_URL: "smtp://127.0.0.1:2",
  SITE_URL: "https://staffing.example",
  ...PROVIDER,
};
const without = (env: Record<string, string>, ...names: string[]) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));

describe("half-configured settings refuse to start", () => {
  it("automatic pay with everything it needs starts", () => {
    expect(loadConfig(AUTO_PAY).VERIFICATION_AUTO_PAY).toBe(true);
  });

  it.each([
    [without(AUTO_PAY, "WORK_EMAIL_CODE_KEY"), "WORK_EMAIL_CODE_KEY: is required with VERIFICATION_AUTO_PAY=true"],
    [without(AUTO_PAY, "SMTP_URL"), "SMTP_URL: is required with VERIFICATION_AUTO_PAY=true"],
    [without(AUTO_PAY, ...Object.keys(PROVIDER)), "REWARDS_PROVIDER: is required with VERIFICATION_AUTO_PAY=true"],
    [without(AUTO_PAY, "SITE_URL"), "SITE_URL: must be the site's https:// address when SMTP_URL is set"],
    [{ ...AUTO_PAY, SITE_URL: "http://staffing.example" }, "SITE_URL: must be the site's https:// address"],
    [{ SMTP_URL: "smtp://127.0.0.1:2" }, "SITE_URL: must be the site's https:// address when SMTP_URL is set"],
    [
      { SMTP_URL: "smtp://127.0.0.1:2", SITE_URL: "https://staffing.com" },
      "VITE_CONTACT_EMAIL: must be a mailbox people read when SMTP_URL is set for staffing.com",
    ],
    [
      { SMTP_URL: "smtp://127.0.0.1:2", SITE_URL: "https://staffing.com", VITE_CONTACT_EMAIL: "team@example.com" },
      "VITE_CONTACT_EMAIL: must be a mailbox people read",
    ],
  ])("%#: %s", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each(["https://staffing.example", "http://localhost:3000", "http://127.0.0.1:8080"])(
    "SMTP_URL with SITE_URL %s starts",
    (site) => {
      expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2", SITE_URL: site }).SITE_URL).toBe(site);
    },
  );

  it("a real site with its own contact mailbox starts", () => {
    const env = {
      SMTP_URL: "smtp://127.0.0.1:2",
      SITE_URL: "https://staffing.com",
      VITE_CONTACT_EMAIL: "partners@staffing.com",
    };
    expect(loadConfig(env).VITE_CONTACT_EMAIL).toBe("partners@staffing.com");
  });

  it("automatic money has ceilings by default: 10 automatic verifications a day, $2,500 a month", () => {
    expect(loadConfig({})).toMatchObject({
      VERIFICATION_AUTO_PAY_DAILY_LIMIT: 10,
      REWARDS_MONTHLY_LIMIT_USD: 2500,
      VERIFICATION_MIN_DOMAIN_AGE_DAYS: 365,
      RDAP_BOOTSTRAP_URL: "https://data.iana.org/rdap/dns.json",
    });
  });
});
