import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LeadRequestSchema } from "../../domain/facility-lead";
import { CAPPED_MAIL_DESTINATIONS } from "../store/mailbox-sql";
import { storeFacilityLead } from "../test-support/repositories";
import { deliveries } from "../store/schema";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
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
