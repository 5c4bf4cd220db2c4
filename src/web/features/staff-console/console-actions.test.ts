import { afterEach, describe, expect, it, vi } from "vitest";
import { changeAccounts } from "./accounts-view";
import { answerApi } from "./console-test-support";
import { changeSession } from "./staff-console";
import type { useAccountsForm } from "./use-console-form";

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

  it("refuses a field the API's schema does not take (strict, one schema per change), and posts nothing", async () => {
    const calls = answerApi();
    for (const body of [
      { intent: "reset-password", accountId: "a1", password: "pw", role: "admin" },
      { intent: "add", email: "new@provider.example", password: "pw", role: "staff", secondFactor: false },
    ]) {
      expect(await changeAccounts(submission(body)), JSON.stringify(body)).toMatchObject({
        ok: false,
        status: 400,
        error: "This change could not be made. Reload the page to try again.",
      });
    }
    expect(calls).toHaveLength(0);
  });

  it("answers a value the API would refuse with the API's own words, and posts nothing", async () => {
    const calls = answerApi();
    expect(
      await changeAccounts(submission({ intent: "add", email: "not an e-mail", password: "pw", role: "staff" })),
    ).toMatchObject({
      ok: false,
      status: 400,
      fields: { email: expect.any(String) },
    });
    expect(calls).toHaveLength(0);
  });

  it("types each route's form by that route's intents: another route's intent, or a field none takes, does not compile", () => {
    type AccountsFormOptions = Parameters<typeof useAccountsForm<{ password: string }>>[0];
    const initial = { password: "" };
    // @ts-expect-error "lift" is the throttles route's intent, not the accounts route's
    const otherRoute: AccountsFormOptions = { intent: "lift", initial };
    // @ts-expect-error no intent of the accounts route takes secondFactor
    const unknownKey: AccountsFormOptions = { intent: "reset-password", initial, extra: { secondFactor: true } };
    const taken: AccountsFormOptions = { intent: "reset-password", initial, extra: { accountId: "a1" } };
    expect([otherRoute, unknownKey, taken].map((options) => options.intent)).toEqual([
      "lift",
      "reset-password",
      "reset-password",
    ]);
  });
});
