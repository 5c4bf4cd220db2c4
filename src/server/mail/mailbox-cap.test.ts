import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { mailboxOf } from "../../domain/mailbox";
import { deliveries } from "../store/schema";
import { addCallTaker, BOOKING_TEST_CONFIG, postLead, slotsOf } from "../test-support/booking-harness";
import { STORE_KINDS, useTestApps, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import type { MailMessage } from "./mail-kinds";

const VICTIM = "inbox@fernbrook.example";

/** Decision 0043: the per-recipient cap counts mailboxes and every e-mail, booking invites and reminders included. */
describe.each(STORE_KINDS)("the per-recipient cap, per mailbox (%s)", (kind) => {
  let store: TestStore;
  const build = useTestApps(kind, (made) => (store = made));
  const start = () =>
    build(
      {
        ...BOOKING_TEST_CONFIG,
        RATE_LIMIT_PER_MINUTE: 0,
        RATE_LIMIT_PER_DAY: 0,
        SMTP_URL: "smtp://127.0.0.1:2",
        SITE_URL: "https://staffing.example",
        MAIL_PER_RECIPIENT_DAILY_LIMIT: 3,
      },
      { outbox: false },
    );
  /** Every e-mail written to the victim's mailbox, however its address was spelled. */
  const mailsToVictim = async () =>
    (await store.db.select().from(deliveries))
      .filter((row) => row.destination.startsWith("mail:"))
      .map((row) => JSON.parse(row.payload) as MailMessage)
      .filter((mail) => mailboxOf(mail.to) === VICTIM);

  it("reads a mailbox as one: plus-tags and Gmail's dots left out", () => {
    expect(mailboxOf(" Inbox+7@Fernbrook.example ")).toBe(VICTIM);
    expect(mailboxOf("i.n.box+x@googlemail.com")).toBe("inbox@gmail.com");
    expect(mailboxOf("i.n.box@fernbrook.example")).toBe("i.n.box@fernbrook.example");
  });

  it("inbox+0@ ... inbox+7@ get at most 3 e-mails between them", async () => {
    const app = await start();
    for (let i = 0; i < 8; i++) {
      const posted = await app.inject({
        method: "POST",
        url: "/api/leads",
        payload: homepageLead({
          email: `inbox+${i}@fernbrook.example`,
          phone: `55512311${String(i).padStart(2, "0")}`,
        }),
      });
      expect(posted.statusCode).toBe(201);
    }
    expect(await mailsToVictim()).toHaveLength(3);
  });

  it("book, move and cancel six times for an unconfirmed address: at most 3 e-mails to it, staff still told", async () => {
    const app: FastifyInstance = await start();
    await addCallTaker(store.db, "sam@staffing.example");
    const lead = await postLead(app, 1, { email: VICTIM });
    const offered = (await slotsOf(app, lead)).json<{ slots: { start: string }[] }>().slots;
    const answers: number[] = [];
    for (let round = 0; round < 6; round++) {
      const booked = await app.inject({
        method: "POST",
        url: "/api/bookings",
        payload: { lead: lead.id, token: lead.qualificationToken, start: offered[2 * round]!.start },
      });
      answers.push(booked.statusCode);
      if (booked.statusCode !== 201) continue;
      const id = booked.json<{ booking: { id: string } }>().booking.id;
      const moved = await app.inject({
        method: "POST",
        url: `/api/bookings/${id}/move`,
        payload: { token: lead.qualificationToken, start: offered[2 * round + 1]!.start },
      });
      answers.push(moved.statusCode);
      const cancelled = await app.inject({
        method: "POST",
        url: `/api/bookings/${id}/cancel`,
        payload: { token: lead.qualificationToken },
      });
      answers.push(cancelled.statusCode);
    }
    // Three books or moves a day (each e-mails an invite); the rest refused in words.
    expect(answers.filter((status) => status === 201 || status === 200).length).toBeLessThanOrEqual(6);
    expect(answers).toContain(429);
    expect((await mailsToVictim()).length).toBeLessThanOrEqual(3);
    const toStaff = (await store.db.select().from(deliveries))
      .map((row) => JSON.parse(row.payload) as MailMessage)
      .filter((mail) => mail.to === "sam@staffing.example");
    expect(toStaff.length).toBeGreaterThanOrEqual(3);
  });
});
