import { beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { useTestApp } from "../src/server/test-support/test-helpers";
import { QUALIFIED_ANSWERS, homepageLead } from "../src/server/test-support/test-fixtures";
import { freePort } from "../src/server/test-support/test-receiver";
import { run } from "./leads";

const TOKEN = "a-test-admin-token-123";

describe("npm run leads", () => {
  let app: FastifyInstance;
  let env: NodeJS.ProcessEnv;
  // The lead posted once before the tests is listed by all of them: rows stay between tests.
  useTestApp("pglite", (made) => (app = made.app), { ADMIN_TOKEN: TOKEN }, { resetAfterEach: false });
  beforeAll(async () => {
    await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead() as object });
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    env = { SERVER_URL: address, ADMIN_TOKEN: TOKEN };
  });

  const output = async (args: string[], environment = env) => {
    const lines: string[] = [];
    await run(args, environment, (text) => lines.push(text));
    return lines.join("\n");
  };

  it("lists leads, exports CSV, shows deliveries and retries", async () => {
    expect(await output(["list"])).toContain("dana@sunrise.example");
    expect(await output(["export"])).toMatch(/^id,receivedAt,form/);
    expect(await output(["deliveries"])).toBe("(none)");
    expect(await output(["retry", "all"])).toBe("Retrying 0 deliveries.");
  });

  it("shows a lead's qualification status and answers in the list and the CSV export", async () => {
    const lead = (
      await app.inject({
        method: "POST",
        url: "/api/leads",
        payload: homepageLead({ email: "lee@oak.example", facilityName: "Oak Hall" }) as object,
      })
    ).json<{ id: string; qualificationToken: string }>();
    for (const [questionId, value] of QUALIFIED_ANSWERS) {
      await app.inject({
        method: "POST",
        url: "/api/qualification/answers",
        payload: { leadId: lead.id, token: lead.qualificationToken, questionId, value },
      });
    }
    const list = await output(["list"]);
    expect(list).toMatch(/Oak Hall .* qualified/);
    expect(list).toMatch(
      /Oak Hall \(Dana Reyes\): qualified via chat\. Your role: Director of Nursing; Facility size: 100–199 beds or residents;/,
    );
    expect(list).toContain("Gift card e-mail address: Use the e-mail address I gave you");
    const csv = await output(["export"]);
    expect(csv.split("\r\n")[0]).toMatch(
      /,qualificationStatus,qualificationChannel,qualificationCompletedAt,qualificationAnswers,voiceSummary$/,
    );
    expect(csv).toMatch(/,qualified,chat,20\d\d-[^,]+,"?Your role: Director of Nursing;/);
  });

  it("says clearly when the token is wrong or the server is not running", async () => {
    await expect(output(["list"], { ...env, ADMIN_TOKEN: "wrong-token-wrong-token" })).rejects.toThrow(
      /token is wrong/,
    );
    const port = await freePort();
    await expect(output(["list"], { ...env, SERVER_URL: `http://127.0.0.1:${port}` })).rejects.toThrow(/not running/);
    await expect(output(["list"], { SERVER_URL: env.SERVER_URL })).rejects.toThrow(/ADMIN_TOKEN is not set/);
  });

  it("hands over, stops contacting and erases a person, and lists the requests (decision 0025)", async () => {
    await app.inject({
      method: "POST",
      url: "/api/leads",
      payload: homepageLead({
        email: "erase.me@pine.example",
        facilityName: "Pine Hollow",
        phone: "5556667777",
      }) as object,
    });
    const document = JSON.parse(await output(["export-person", "erase.me@pine.example", "--reference", "DSAR-1"])) as {
      parts: { facilityLeads: { records: { facilityName: string }[] } };
    };
    expect(document.parts.facilityLeads.records.map((r) => r.facilityName)).toEqual(["Pine Hollow"]);
    expect(await output(["opt-out", "(555) 666-7777"])).toMatch(
      /^Do not contact: 2 address\(es\) or phone\(s\) recorded/,
    );
    await expect(output(["erase", "erase.me@pine.example"])).rejects.toThrow(/--reference REF and --reason WHY/);
    await expect(output(["erase", "not a person", "--reference", "R", "--reason", "asked"])).rejects.toThrow(
      /e-mail address, phone number or lead id/,
    );
    expect(
      await output(["erase", "erase.me@pine.example", "--reference", "R-9", "--reason", "asked by phone"]),
    ).toMatch(/^Erased \(request [0-9a-f-]{36}\):\n {2}facility_leads: 1/);
    expect(await output(["list"])).not.toContain("erase.me@pine.example");
    const log = await output(["requests"]);
    expect(
      log
        .split("\n")
        .slice(1)
        .map((line) => line.split(/\s{2,}/)[1]),
    ).toEqual(["erase", "opt_out", "export"]);
    expect(log).not.toContain("erase.me");
  });
});
