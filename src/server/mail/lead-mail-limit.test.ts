import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LeadRequestSchema } from "../../domain/facility-lead";
import { mailboxOf } from "../../domain/mailbox";
import { CAPPED_MAIL_DESTINATIONS } from "../store/mailbox-sql";
import { storeFacilityLead } from "../test-support/repositories";
import { deliveries } from "../store/schema";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { workEmailConfig } from "../test-support/work-email-harness";
import { mayMailAddress } from "./mail-allowance";

/**
 * The daily limit per address is counted in two places, the lead's one statement (lead-intake.ts)
 * and mayMailAddress (a new work e-mail code): both from CAPPED_MAIL_DESTINATIONS (store/mailbox-sql.ts), and here they
 * agree on what counts (each destination of the list) and what does not (any other).
 */
describe.each(STORE_KINDS)("the lead's statement and mayMailAddress count the same e-mails (%s)", (kind) => {
  let store: TestStore;
  useTestStore(kind, (made) => (store = made));
  const NOW = new Date();

  /** One e-mail already sent today to `email`, to `destination`. */
  const sentBefore = (email: string, destination: string) =>
    store.db.insert(deliveries).values({
      id: randomUUID(),
      destination,
      recordKind: "facility_lead",
      recordId: randomUUID(),
      url: "",
      payload: JSON.stringify({ to: email }),
      createdAt: new Date(NOW.getTime() - 60_000),
    });

  /** Whether a new lead's statement, with a limit of one a day, still writes its confirmation to `email`. */
  const statementMails = async (email: string) => {
    const stored = await storeFacilityLead(
      store.db,
      LeadRequestSchema.parse(homepageLead({ email })),
      { clientIp: "127.0.0.1", userAgent: "test", now: NOW },
      {
        spam: false,
        deliveries: () => [{ destination: "mail:lead_confirmation", url: "", payload: { to: email } }],
        mailPerRecipientDailyLimit: 1,
      },
    );
    const written = await store.db.select().from(deliveries).where(eq(deliveries.recordId, stored.id));
    return written.some((row) => row.destination === "mail:lead_confirmation");
  };

  it.each(CAPPED_MAIL_DESTINATIONS)("an e-mail to %s counts for both", async (destination) => {
    const email = `counted-${destination.replace(/\W/g, "-")}@fernbrook.example`;
    await sentBefore(email, destination);
    expect(await mayMailAddress(store.db, email, 1, NOW)).toBe(false);
    expect(await statementMails(email)).toBe(false);
  });

  it("an e-mail to another destination counts for neither", async () => {
    const email = "not-counted@fernbrook.example";
    await sentBefore(email, "mail:staff_alert");
    expect(await mayMailAddress(store.db, email, 1, NOW)).toBe(true);
    expect(await statementMails(email)).toBe(true);
  });
});

/**
 * The limit holds when the e-mails are asked for at once: every writer of a capped e-mail takes
 * the mailbox's lock before it counts (lead-intake.ts, mail-allowance.ts), so ten leads typing one
 * address at the same moment, with as many new work e-mail codes, write no more than the day's.
 */
describe.each(STORE_KINDS)("the daily limit per mailbox under concurrent writers (%s)", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  const LIMIT = 3;
  beforeEach(async () => {
    const config = { ...workEmailConfig(Buffer.alloc(32, 9)), MAIL_PER_RECIPIENT_DAILY_LIMIT: LIMIT };
    app = await createTestApp(store, config, { outbox: false });
  });
  afterEach(() => app.close());

  const mailsTo = async (mailbox: string) => {
    const rows = await store.db
      .select({ payload: deliveries.payload })
      .from(deliveries)
      .where(inArray(deliveries.destination, [...CAPPED_MAIL_DESTINATIONS]));
    return rows.filter((row) => mailboxOf((JSON.parse(row.payload) as { to: string }).to) === mailbox).length;
  };

  it("ten leads at once on one mailbox (written three ways) are each stored; the day's limit is e-mailed", async () => {
    const addresses = ["pat@oakridge.example", "Pat+a@oakridge.example", "PAT@OAKRIDGE.EXAMPLE"];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        app.inject({
          method: "POST",
          url: "/api/leads",
          payload: homepageLead({ email: addresses[n % 3], phone: `555${String(2_000_000 + n)}` }),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 201));
    expect(await mailsTo("pat@oakridge.example")).toBe(LIMIT);
  });

  it("new work e-mail codes asked for at once by five leads of one mailbox e-mail no more than the day's", async () => {
    // Five leads stored one by one: the first LIMIT confirmations use the day's e-mails, then none.
    const leads: { id: string; qualificationToken: string }[] = [];
    for (let n = 0; n < 5; n++) {
      const stored = await app.inject({
        method: "POST",
        url: "/api/leads",
        payload: homepageLead({ email: "sam@birchwood.example", phone: `555${String(3_000_000 + n)}` }),
      });
      leads.push(stored.json());
    }
    // A day later, for the mailbox's count (and each code's own minute) to start again.
    await store.db.execute(sql`update deliveries set created_at = created_at - interval '25 hours'`);
    await store.db.execute(sql`update work_email_codes set issued_at = issued_at - interval '25 hours'`);
    const answers = await Promise.all(
      leads.map((lead) =>
        app.inject({
          method: "POST",
          url: "/api/work-email/new-code",
          payload: { leadId: lead.id, token: lead.qualificationToken },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202]);
    const today = await store.db.$count(
      deliveries,
      and(eq(deliveries.destination, "mail:work_email_code"), gt(deliveries.createdAt, sql`now() - interval '1 hour'`)),
    );
    expect(today).toBe(LIMIT);
  });
});
