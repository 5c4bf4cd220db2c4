import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Config } from "../config";
import { transitionsOf } from "../store/lead-pipeline-repository";
import { deliveries } from "../store/schema";
import { addAccount } from "../test-support/staff-test-helpers";
import {
  SUNRISE_LEAD,
  TREMENDOUS_TEST_KEY,
  autoVerifyApp,
  autoVerifyConfig,
  eventually,
  qualifiedAndChecked,
  qualifyByChat,
} from "../test-support/auto-verify-harness";
import { SUNRISE } from "../test-support/registry-seeds";
import { QUALIFIED_ANSWERS } from "../test-support/test-fixtures";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { startTremendousStandIn, type TremendousStandIn } from "../test-support/tremendous-stand-in";
import { startRegistryStandIns, type RegistryStandIns } from "../test-support/verification-harness";
import { latestVerification } from "./verification-repository";

/**
 * The findings of decision 0040, each tried as the fraudster did against the product with its registry,
 * RDAP, website and Tremendous stand-ins: no card without a strong tie, the card to the
 * confirmed work address, one card per facility, limits on the ASCII domain, a daily ceiling.
 * And the honest lead (an old domain carrying its facility's name and phone) still paid at once.
 */
describe.each(STORE_KINDS)("automatic pay only on proof (%s)", (kind) => {
  let store: TestStore;
  let standIns: RegistryStandIns;
  let tremendous: TremendousStandIn;
  let app: FastifyInstance;
  let confirmed = true;
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

  useTestStore(kind, (made) => (store = made));
  beforeAll(async () => {
    standIns = await startRegistryStandIns({ holdMs: 2000 });
  });
  afterAll(() => standIns.close());
  beforeEach(async () => {
    confirmed = true;
    tremendous = await startTremendousStandIn({ apiKey: TREMENDOUS_TEST_KEY });
  });
  afterEach(async () => {
    await app.close();
    await tremendous.close();
    standIns.rdap.setDown(false);
  });
  const start = async (overrides: Partial<Config> = {}) => {
    app = await autoVerifyApp(store, autoVerifyConfig(standIns, tremendous, overrides), {
      workAddressConfirmedAt: async () => (confirmed ? new Date() : null),
    });
    return app;
  };
  const stepsOf = async (leadId: string) => (await transitionsOf(store.db, leadId)).map((t) => t.toStatus);
  const reasonsOf = async (leadId: string) => (await latestVerification(store.db, leadId))?.reasons.join("; ") ?? "";

  it("the honest lead: paid within a minute, to its confirmed work address, not the chat's gift-card e-mail", async () => {
    await start();
    const started = Date.now();
    const answers = QUALIFIED_ANSWERS.map(([id, value]): [string, string] =>
      id === "giftCardEmail" ? [id, "jo.cards@gmail.com"] : [id, value],
    );
    const leadId = await qualifyByChat(app, SUNRISE_LEAD, "127.0.0.1", answers);
    await eventually(
      () => stepsOf(leadId),
      (s) => s.includes("gift_card_sent"),
      60_000,
    );
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(tremendous.orders).toHaveLength(1);
    expect(tremendous.orders[0]!.rewards[0]!.recipient.email).toBe(SUNRISE_LEAD.email);
  });

  it("a cheap domain carrying the facility's name and showing its phone, registered last week: 'domain too new', no card", async () => {
    const domain = "sunrise-nursing-jobs.example";
    standIns.web.sites.set(domain, { home: "<p>Sunrise Nursing: call (404) 555-0100</p>" });
    standIns.rdap.registrations.set(domain, daysAgo(7));
    await start();
    const leadId = await qualifiedAndChecked(app, { ...SUNRISE_LEAD, email: `don@${domain}` });
    expect((await latestVerification(store.db, leadId))?.decision).toBe("needs_review");
    expect(await reasonsOf(leadId)).toContain("domain too new: registered 7 days ago (at least 365)");
    expect(await stepsOf(leadId)).toEqual(["qualified"]);
    expect(tremendous.createCalls()).toBe(0);
  });

  it("a domain unrelated to the facility showing its phone: no distinctive word of the name, no card", async () => {
    const domain = "quick-staffing.example";
    standIns.web.sites.set(domain, { home: "<p>(404) 555-0100</p>" });
    standIns.rdap.registrations.set(domain, daysAgo(4000));
    await start();
    const leadId = await qualifiedAndChecked(app, { ...SUNRISE_LEAD, email: `don@${domain}` });
    expect(await reasonsOf(leadId)).toContain("no distinctive word of the facility's registry name");
    expect(tremendous.createCalls()).toBe(0);
  });

  it("the authorized official's name typed on a domain with no website: a name-only tie, no card", async () => {
    await start();
    const leadId = await qualifiedAndChecked(app, {
      ...SUNRISE_LEAD,
      firstName: SUNRISE.official.firstName,
      lastName: SUNRISE.official.lastName,
      email: "dana@sunrise-admin.example",
    });
    expect(await reasonsOf(leadId)).toContain("name-only tie");
    expect(tremendous.createCalls()).toBe(0);
  });

  it("RDAP down when the strong tie needs the age (no CMS record): 'not checked yet', never paid; back: paid", async () => {
    standIns.rdap.setDown(true);
    await start({ VERIFICATION_SWEEP_MS: 300 });
    // Golden Oaks: its NPPES endpoint names its domain and it has no CMS record, so the domain's age decides.
    const leadId = await qualifiedAndChecked(app, {
      ...SUNRISE_LEAD,
      facilityName: "Golden Oaks Assisted Living",
      facilityType: "assisted_living",
      location: "Florida",
      email: "sam@golden-oaks.example",
    });
    const waiting = await latestVerification(store.db, leadId);
    expect(waiting?.decision).toBe("not_checked_yet");
    expect(waiting?.reasons[0]).toBe("the domain's registration (RDAP) could not be checked: checked again later");
    expect(tremendous.createCalls()).toBe(0);
    standIns.rdap.setDown(false);
    expect(
      await eventually(
        () => stepsOf(leadId),
        (s) => s.includes("gift_card_sent"),
      ),
    ).toContain("gift_card_sent");
    expect(tremendous.orders).toHaveLength(1);
  });

  it("websites are read only once the address is confirmed", async () => {
    confirmed = false;
    const domain = "sunrise-unconfirmed.example";
    standIns.web.sites.set(domain, { home: "<p>(404) 555-0100</p>" });
    await start();
    const leadId = await qualifiedAndChecked(app, { ...SUNRISE_LEAD, email: `jo@${domain}` });
    expect(await reasonsOf(leadId)).toBe("work e-mail address not confirmed");
    expect(standIns.web.requested.filter((path) => path.startsWith(`/${domain}/`))).toEqual([]);
  });

  it("one facility, one card: known by its NPI (typed as assisted living) and by its CCN (name reordered), same phone and address", async () => {
    await start();
    const first = await qualifiedAndChecked(app, { ...SUNRISE_LEAD, facilityType: "assisted_living" });
    expect(await stepsOf(first)).toContain("gift_card_sent");
    const second = await qualifiedAndChecked(
      app,
      {
        ...SUNRISE_LEAD,
        facilityName: "Rehabilitation Nursing Sunrise",
        firstName: "Sam",
        email: `sam@${SUNRISE.domain}`,
      },
      "127.0.0.2",
    );
    expect(await reasonsOf(second)).toMatch(/a card went to this facility/);
    expect(tremendous.createCalls()).toBe(1);
  });

  it("one domain, several facilities: a second facility on a domain already paid goes to a person (decision 0044)", async () => {
    await start();
    const leads = [
      { facilityName: "Sunrise Nursing & Rehab Center", facilityType: "nursing_home", email: "jo@a.bücher.example" },
      { facilityName: "Mercy General Hospital", facilityType: "hospital", email: "jo@b.bücher.example" },
      { facilityName: "Peach State Assisted Living", facilityType: "assisted_living", email: "jo@d.bücher.example" },
    ];
    const ids: string[] = [];
    for (const [i, fields] of leads.entries())
      ids.push(await qualifiedAndChecked(app, { ...SUNRISE_LEAD, ...fields }, `203.0.113.${i + 1}`));
    expect(await Promise.all(ids.map(async (id) => (await latestVerification(store.db, id))?.decision))).toEqual([
      "verified",
      "needs_review",
      "needs_review",
    ]);
    expect(await reasonsOf(ids[1]!)).toContain("a card went to another facility on this e-mail domain");
    expect(tremendous.createCalls()).toBe(1);
  });

  it.each([
    [
      "a ceiling on automatic cards a day across the product",
      { VERIFICATION_AUTO_PAY_DAILY_LIMIT: 1 },
      "the daily limit of 1 automatic verifications is reached",
      "daily",
    ],
    [
      "the month's rewards limit (REWARDS_MONTHLY_LIMIT_USD)",
      { REWARDS_MONTHLY_LIMIT_USD: 50 },
      "this month's rewards limit of $50 is reached",
      "monthly",
    ],
  ] as const)(
    "%s: past it leads wait for a person, and the admins get one e-mail",
    async (_, limits, reason, ceiling) => {
      await addAccount(store.db, "boss@provider.example", "admin");
      await addAccount(store.db, "worker@provider.example", "staff");
      await start({ ...limits, SMTP_URL: "smtp://127.0.0.1:2", SITE_URL: "https://staffing.example" });
      await qualifiedAndChecked(app);
      const others = [
        { facilityName: "Mercy General Hospital", facilityType: "hospital", email: "jo@mercy-general.example" },
        {
          facilityName: "Peach State Assisted Living",
          facilityType: "assisted_living",
          email: "jo@health-system.example",
        },
      ];
      const waiting: string[] = [];
      for (const [i, fields] of others.entries())
        waiting.push(await qualifiedAndChecked(app, { ...SUNRISE_LEAD, ...fields }, `127.0.0.${i + 3}`));
      for (const leadId of waiting) expect(await reasonsOf(leadId)).toBe(reason);
      expect(tremendous.createCalls()).toBe(1);
      const mails = await store.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.destination, "mail:staff_auto_pay_paused"));
      expect(mails.map((m) => JSON.parse(m.payload) as { to: string; data: { ceiling: string } })).toEqual([
        expect.objectContaining({ to: "boss@provider.example", data: expect.objectContaining({ ceiling }) }),
      ]);
    },
  );
});
