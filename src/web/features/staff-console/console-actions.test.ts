import { afterEach, describe, expect, it, vi } from "vitest";
import { changeAccounts } from "./accounts-view";
import { answerApi } from "./console-test-support";
import { changeSession } from "./staff-console";

afterEach(() => vi.unstubAllGlobals());

const submission = (body: unknown, csrfToken = "csrf-1") =>
  new Request("http://console/staff/accounts", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ body, csrfToken }),
  });

describe("a console route's action", () => {
  it("posts the intent's fields, without its name, to the API with the submission's CSRF token", async () => {
    const calls = answerApi({ status: 200, body: { account: { id: "a1" } } });
    const answer = await changeAccounts(submission({ intent: "reset-password", accountId: "a 1", password: "pw" }));
    expect(answer).toEqual({ ok: true, data: { account: { id: "a1" } } });
    expect(calls).toEqual([
      expect.objectContaining({
        url: "/api/staff/accounts/a%201/password",
        method: "POST",
        headers: expect.objectContaining({ "x-csrf-token": "csrf-1" }),
        body: { password: "pw" },
      }),
    ]);
  });

  it("answers a body that is none of its intents in words, and posts nothing", async () => {
    const calls = answerApi();
    for (const body of [{ intent: "lift", keys: ["k"] }, { intent: "disable" }, "not an object", undefined]) {
      expect(await changeAccounts(submission(body)), JSON.stringify(body)).toEqual({
        ok: false,
        status: 400,
        error: "This change could not be made. Reload the page to try again.",
        fields: {},
      });
    }
    expect(await changeSession(submission({ intent: "add" }))).toMatchObject({ ok: false, status: 400 });
    expect(calls).toHaveLength(0);
  });
});
