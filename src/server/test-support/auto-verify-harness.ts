import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { testConfig, type Config } from "../config";
import type { Store } from "../store/database";
import { latestVerification } from "../verification/verification-repository";
import type { VerificationDeps } from "../verification/verify-lead";
import { SUNRISE } from "./registry-seeds";
import { QUALIFIED_ANSWERS, homepageLead } from "./test-fixtures";
import type { TremendousStandIn } from "./tremendous-stand-in";
import type { RegistryStandIns } from "./verification-harness";

/** TEST SUPPORT (tests and bench/verification.ts): an app whose verification runner pays from the stand-ins, and leads qualified through the real chat API. */

/** A director of nursing at Sunrise (NPPES and CMS), writing from its domain, whose website shows the registry phone. */
export const SUNRISE_LEAD = {
  facilityName: "Sunrise Nursing & Rehab Center",
  facilityType: "nursing_home",
  location: "Georgia",
  firstName: "Jo",
  lastName: "Kim",
  email: `jo@${SUNRISE.domain}`,
};

export const TREMENDOUS_TEST_KEY = "auto-verify-key";

/** The settings of an app with the runner on, auto-pay on and every provider a stand-in. */
export function autoVerifyConfig(
  standIns: RegistryStandIns,
  tremendous: TremendousStandIn | undefined,
  overrides: Partial<Config> = {},
): Partial<Config> {
  return {
    MIN_FILL_SECONDS: 0,
    VERIFICATION_JOB: true,
    VERIFICATION_AUTO_PAY: true,
    VERIFICATION_SWEEP_MS: 250,
    NPPES_API_URL: standIns.nppes.url,
    CMS_PROVIDER_DATA_URL: standIns.cms.url,
    FACILITY_WEBSITE_URL: standIns.web.websiteUrl,
    RDAP_BOOTSTRAP_URL: standIns.rdap.bootstrapUrl,
    ...(tremendous
      ? {
          REWARDS_PROVIDER: "tremendous" as const,
          TREMENDOUS_API_KEY: TREMENDOUS_TEST_KEY,
          TREMENDOUS_API_URL: tremendous.url,
          TREMENDOUS_CAMPAIGN_ID: "CAMPAIGN1",
          TREMENDOUS_WEBHOOK_KEY: "auto-verify-webhook-key-0123456789",
          TREMENDOUS_TIMEOUT_MS: 1000,
        }
      : {}),
    ...overrides,
  };
}

/** The app, ready (its sweep running), with `deps` in place of the config's (workAddressConfirmedAt above all). */
export async function autoVerifyApp(
  store: Store,
  config: Partial<Config>,
  deps: Partial<VerificationDeps>,
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ BUILD_DIR: "/nonexistent-build", ...config }), {
    store,
    outbox: false,
    verification: deps,
  });
  await app.ready();
  return app;
}

/** A landing-page lead stored and qualified through the chat's own API (as a visitor does): its id. */
export async function qualifyByChat(
  app: FastifyInstance,
  fields: Record<string, unknown> = SUNRISE_LEAD,
  clientIp = "127.0.0.1",
  answers: Array<[string, string]> = QUALIFIED_ANSWERS,
): Promise<string> {
  const posted = await app.inject({
    method: "POST",
    url: "/api/leads",
    remoteAddress: clientIp,
    payload: homepageLead({ phone: `404555${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`, ...fields }),
  });
  if (posted.statusCode !== 201) throw new Error(`lead not stored: ${posted.statusCode} ${posted.body}`);
  const lead = posted.json<{ id: string; qualificationToken: string }>();
  for (const [questionId, value] of answers) {
    const answered = await app.inject({
      method: "POST",
      url: "/api/qualification/answers",
      remoteAddress: clientIp,
      payload: { leadId: lead.id, token: lead.qualificationToken, questionId, value },
    });
    if (answered.statusCode !== 200) throw new Error(`chat answer refused: ${answered.statusCode} ${answered.body}`);
  }
  return lead.id;
}

/** Waits until `check` holds (the runner works in the background), at most `ms`. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Qualified through the chat, then its first decision stored by the runner (the nudge runs after the answer) and the run done. */
export async function qualifiedAndChecked(
  app: FastifyInstance,
  fields: Record<string, unknown> = SUNRISE_LEAD,
  clientIp?: string,
): Promise<string> {
  const leadId = await qualifyByChat(app, fields, clientIp);
  await eventually(
    () => latestVerification(app.store.db, leadId),
    (v) => v !== undefined,
  );
  await app.verification!.idle();
  return leadId;
}
