import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries } from "../store/schema";
import { addCallTaker, BOOKING_TEST_CONFIG, book, postLead, slotsOf } from "../test-support/booking-harness";
import { SmtpReceiver, type ReceivedMail } from "../test-support/smtp-receiver";
import { TestReceiver } from "../test-support/test-receiver";
import { STORE_KINDS, useTestApps, type TestStore } from "../test-support/test-helpers";

/** The List-Unsubscribe header as sent (mailparser turns List-* headers into a structure). */
const oneClickOf = (mail: ReceivedMail) =>
  mail.parsed.headerLines.find((line) => line.key === "list-unsubscribe")?.line.replace(/^[^:]+:\s*/, "");

/** The invite as the mailbox gets it: the text/calendar part, its method, and the event parsed back with node-ical. */
function inviteOf(mail: ReceivedMail) {
  const part = mail.parsed.attachments.find((a) => a.contentType === "text/calendar");
  if (!part) throw new Error("no text/calendar part");
  const text = part.content.toString("utf8");
  const event = Object.values(ical.sync.parseICS(text)).find((c) => c?.type === "VEVENT") as VEvent;
  return { text, method: /^METHOD:(\w+)/m.exec(text)?.[1], event };
}

describe.each(STORE_KINDS)("the call's invites, reminder and events on %s", (kind) => {
  let store: TestStore;
  const smtp = new SmtpReceiver();
  const webhook = new TestReceiver();
  const build = useTestApps(kind, (made) => (store = made));
  beforeAll(async () => {
    await smtp.start();
    await webhook.start();
    webhook.answer = () => ({ status: 200 });
  });
  afterAll(async () => {
    await smtp.stop();
    await webhook.stop();
  });

  const appWithMail = () =>
    build(
      {
        ...BOOKING_TEST_CONFIG,
        SMTP_URL: smtp.url,
        SITE_URL: "https://staffing.example",
        PIPELINE_WEBHOOK_URL: webhook.url("/pipeline"),
        // Each change's invite followed here; the cap on an unconfirmed address is
        // no-mail-cannon.test.ts's (decision 0043).
        MAIL_PER_RECIPIENT_DAILY_LIMIT: 0,
      },
      { outbox: { pollMs: 50 } },
    );
  const mailsTo = (address: string, kindOf?: string) =>
    smtp.received.filter((m) => m.envelopeTo.includes(address) && (!kindOf || m.parsed.subject?.includes(kindOf)));
  const dueNow = async (leadId: string) =>
    store.db.update(deliveries).set({ nextAttemptAt: new Date() }).where(eq(deliveries.recordId, leadId));
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("lead and staff get a REQUEST (one UID, staff the organiser, UTC); a move the same UID with a higher SEQUENCE; a cancel METHOD:CANCEL; the events go out signed", async () => {
    smtp.received.length = 0;
    webhook.received.length = 0;
    const app: FastifyInstance = await appWithMail();
    await addCallTaker(store.db, "sam@staffing.example", { shownName: "Sam" });
    const lead = await postLead(app, 1);
    const slots = (await slotsOf(app, lead)).json<{ slots: { start: string; end: string }[] }>().slots.slice(1);
    const booked = (await book(app, lead, slots[0]!.start)).json<{ booking: { id: string } }>().booking;
    await smtp.waitFor(3); // the confirmation, and the two invites
    const [toLead] = mailsTo("lead.1@care1.example", "booked");
    const [toStaff] = mailsTo("sam@staffing.example");
    const first = inviteOf(toLead!);
    expect(first.method).toBe("REQUEST");
    expect(first.event.uid).toBe(inviteOf(toStaff!).event.uid);
    expect(first.event.start.toISOString()).toBe(slots[0]!.start);
    expect(first.event.end?.toISOString()).toBe(slots[0]!.end);
    expect(first.text).toMatch(/^DTSTART:\d{8}T\d{6}Z$/m);
    expect(String((first.event.organizer as { val: string }).val)).toBe("mailto:sam@staffing.example");
    expect(toLead!.parsed.text).toContain("Move or cancel this call");
    // The lead's stop link and one-click List-Unsubscribe (decision 0040); none on the staff member's copy.
    expect(toLead!.parsed.text).toContain("Stop contacting me");
    expect(oneClickOf(toLead!)).toMatch(/^<https:\/\/.+\/api\/stop-contacting\/one-click\?token=/);
    expect(oneClickOf(toStaff!)).toBeUndefined();

    const token = lead.qualificationToken;
    await app.inject({
      method: "POST",
      url: `/api/bookings/${booked.id}/move`,
      payload: { token, start: slots[3]!.start },
    });
    await smtp.waitFor(5);
    const moved = inviteOf(mailsTo("lead.1@care1.example", "moved")[0]!);
    expect(moved.method).toBe("REQUEST");
    expect(moved.event.uid).toBe(first.event.uid);
    expect(Number(moved.event.sequence)).toBeGreaterThan(Number(first.event.sequence));
    expect(moved.event.start.toISOString()).toBe(slots[3]!.start);

    await app.inject({ method: "POST", url: `/api/bookings/${booked.id}/cancel`, payload: { token } });
    await smtp.waitFor(7);
    const cancelled = inviteOf(mailsTo("lead.1@care1.example", "cancelled")[0]!);
    expect(cancelled.method).toBe("CANCEL");
    expect(cancelled.event.uid).toBe(first.event.uid);
    expect(Number(cancelled.event.sequence)).toBeGreaterThan(Number(moved.event.sequence));

    await webhook.waitFor(3);
    const events = webhook.received.map((r) => JSON.parse(r.body) as { type: string; bookingId: string });
    expect(events.map((e) => e.type).sort()).toEqual(["lead.call_booked", "lead.call_cancelled", "lead.call_moved"]);
    expect(events.every((e) => e.bookingId === booked.id)).toBe(true);
  });

  it("the reminder goes once when its time comes, not again after a restart, and never after a cancel", async () => {
    smtp.received.length = 0;
    const first = await appWithMail();
    await addCallTaker(store.db, "sam@staffing.example", { shownName: "Sam" });
    const kept = await postLead(first, 1);
    const dropped = await postLead(first, 2);
    const slots = (await slotsOf(first, kept)).json<{ slots: { start: string }[] }>().slots;
    // Calls far enough ahead that their reminders wait (60 minutes before).
    const later = slots.filter((slot) => Date.parse(slot.start) > Date.now() + 3 * 3_600_000);
    expect((await book(first, kept, later[0]!.start)).statusCode).toBe(201);
    const cancelled = (await book(first, dropped, later[1]!.start)).json<{ booking: { id: string } }>().booking;
    await first.inject({
      method: "POST",
      url: `/api/bookings/${cancelled.id}/cancel`,
      payload: { token: dropped.qualificationToken },
    });
    await smtp.waitFor(2 + 2 + 2 + 2); // two confirmations, four invites, two cancellations' invites
    await pause(300);
    expect(smtp.received.filter((m) => m.parsed.subject?.startsWith("Reminder"))).toHaveLength(0);

    await dueNow(kept.id); // its time has come
    await dueNow(dropped.id);
    await pause(1500);
    const reminders = () => smtp.received.filter((m) => m.parsed.subject?.startsWith("Reminder"));
    expect(reminders().map((m) => m.envelopeTo)).toEqual([["lead.1@care1.example"]]);
    expect(oneClickOf(reminders()[0]!)).toBeDefined();

    await first.close();
    await appWithMail(); // a restart: a new process's outbox over the same rows
    await dueNow(kept.id);
    await pause(1500);
    expect(reminders()).toHaveLength(1);
  });
});
