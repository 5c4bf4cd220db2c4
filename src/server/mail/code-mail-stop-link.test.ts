import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deliveries } from "../store/schema";
import { homepageLead } from "../test-support/test-fixtures";
import { workEmailConfig } from "../test-support/work-email-harness";
import { STORE_KINDS, createTestApp, standingClock, useTestStore, type TestStore } from "../test-support/test-helpers";
import type { MailMessage } from "./mail-kinds";
import { SAMPLE_BRAND } from "../test-support/mail-samples";
import { renderMail } from "./render-mail";

const KEY = Buffer.alloc(32, 8);

/** Decision 0040: the stop link and List-Unsubscribe on every e-mail to a lead, the "new code" e-mail included. */
describe.each(STORE_KINDS)("the new code's e-mail carries the lead's stop link (%s)", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  standingClock();
  beforeEach(async () => {
    app = await createTestApp(store, workEmailConfig(KEY), { outbox: false });
  });
  afterEach(() => app.close());

  it("its data holds the stop and one-click links, and the rendered e-mail shows the stop link", async () => {
    const lead = (await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead() })).json<{
      id: string;
      qualificationToken: string;
    }>();
    vi.setSystemTime(new Date(Date.now() + 61_000));
    const asked = await app.inject({
      method: "POST",
      url: "/api/work-email/new-code",
      payload: { leadId: lead.id, token: lead.qualificationToken },
    });
    expect(asked.statusCode).toBe(202);
    const [row] = await store.db.select().from(deliveries).where(eq(deliveries.destination, "mail:work_email_code"));
    const message = JSON.parse(row!.payload) as MailMessage & { data: { stopUrl?: string; oneClickUrl?: string } };
    expect(message.data.stopUrl).toMatch(/^https:\/\/staffing\.example\/stop-contacting#token=[A-Za-z0-9_-]{43}$/);
    expect(message.data.oneClickUrl).toMatch(/^https:\/\/staffing\.example\/api\/stop-contacting\/one-click\?token=/);
    const { html } = await renderMail(message, SAMPLE_BRAND, { workEmailCode: KEY });
    expect(html).toContain(message.data.stopUrl!.replace(/&/g, "&amp;"));
    const stopped = await app.inject({
      method: "POST",
      url: "/api/stop-contacting",
      payload: { token: /#token=(.+)$/.exec(message.data.stopUrl!)![1] },
    });
    expect(stopped.statusCode).toBe(200);
    // Its own e-mail, still waiting, is not sent after all (no e-mail after an opt-out).
    const [after] = await store.db.select().from(deliveries).where(eq(deliveries.id, row!.id));
    expect(after!.status).toBe("cancelled");
  });
});
