import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadCall } from "../../domain/staff-console-api";
import { bookings, deliveries } from "../store/schema";
import { addCallTaker, BOOKING_TEST_CONFIG, book, postLead, slotsOf } from "../test-support/booking-harness";
import { SmtpReceiver } from "../test-support/smtp-receiver";
import { signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, useTestApps, type TestStore } from "../test-support/test-helpers";
import { DO_NOT_CONTACT_ACTOR } from "./do-not-contact-calls";

const ADMIN = "admin-token-for-the-opt-out-tests";

describe.each(STORE_KINDS)("a booked call whose person asks not to be contacted on %s", (kind) => {
  let store: TestStore;
  const smtp = new SmtpReceiver();
  const build = useTestApps(kind, (made) => (store = made));
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  it("is called off: the staff member gets the cancel, the lead is not written to, the timeline says why; other calls stay", async () => {
    const app: FastifyInstance = await build(
      { ...BOOKING_TEST_CONFIG, SMTP_URL: smtp.url, SITE_URL: "https://staffing.example", ADMIN_TOKEN: ADMIN },
      { outbox: { pollMs: 50 } },
    );
    await addCallTaker(store.db, "sam@staffing.example", { shownName: "Sam" });
    const [leaving, staying] = [await postLead(app, 1), await postLead(app, 2)];
    const slots = (await slotsOf(app, leaving)).json<{ slots: { start: string }[] }>().slots.slice(1);
    const call = (await book(app, leaving, slots[0]!.start)).json<{ booking: { id: string } }>().booking;
    const kept = (await book(app, staying, slots[1]!.start)).json<{ booking: { id: string } }>().booking;
    await smtp.waitFor(6); // two confirmations, four invites

    const optedOut = await app.inject({
      method: "POST",
      url: "/api/admin/privacy/opt-out",
      headers: { authorization: `Bearer ${ADMIN}` },
      payload: { subject: "lead.1@care1.example", reference: "call-40" },
    });
    expect(optedOut.statusCode).toBe(200);
    const status = async (id: string) => (await store.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;
    expect(await status(call.id)).toBe("cancelled");
    expect(await status(kept.id)).toBe("booked");

    await smtp.waitFor(7);
    const cancels = smtp.received.filter((m) => m.parsed.subject?.includes("is cancelled"));
    expect(cancels.map((m) => m.envelopeTo)).toEqual([["sam@staffing.example"]]);
    const toLead = await store.db.select().from(deliveries).where(eq(deliveries.recordId, leaving.id));
    expect(toLead.filter((d) => d.destination === "mail:booking_reminder" && d.status === "pending")).toEqual([]);

    const sam = await signIn(app, "sam@staffing.example");
    const page = await app.inject({ method: "GET", url: `/api/staff/leads/${leaving.id}`, headers: sam.headers });
    expect(page.json<{ calls: LeadCall[] }>().calls[0]!.history.map((h) => [h.kind, h.actor])).toEqual([
      ["booked", "lead"],
      ["cancelled", DO_NOT_CONTACT_ACTOR],
    ]);
  });
});
