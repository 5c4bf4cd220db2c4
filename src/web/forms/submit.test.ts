import { describe, expect, it, vi } from "vitest";
import type { SubmitResult } from "../lib/api";
import type { SubmitAction } from "./form-state";
import { submitOnce, type SubmitLifecycle } from "./submit";

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function lifecycle(result: SubmitResult | Promise<SubmitResult>, extra: Partial<SubmitLifecycle<{ a: number }>> = {}) {
  const actions: SubmitAction[] = [];
  const send = vi.fn(async (_body: { a: number }, _key: string) => result);
  return {
    actions,
    send,
    lifecycle: { prepare: () => ({ a: 1 }), send, dispatch: (a: SubmitAction) => actions.push(a), ...extra },
  };
}

describe("submitOnce", () => {
  it("posts the prepared body with a fresh key, then succeeds and follows up", async () => {
    const onSucceeded = vi.fn();
    const { actions, send, lifecycle: l } = lifecycle({ ok: true, id: "7" }, { onSucceeded });
    await submitOnce({ current: false }, l);
    await submitOnce({ current: false }, l);
    expect(send).toHaveBeenCalledWith({ a: 1 }, expect.stringMatching(KEY));
    expect(send.mock.calls[0]![1]).not.toBe(send.mock.calls[1]![1]);
    expect(actions.slice(0, 2)).toEqual([{ type: "submitted" }, { type: "succeeded" }]);
    expect(onSucceeded).toHaveBeenCalledWith({ ok: true, id: "7" });
  });

  it("fails with the form's message, alerts it and follows up", async () => {
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    const onFailed = vi.fn();
    const failure: SubmitResult = { ok: false, status: 500, error: "x", fields: {} };
    const { actions, lifecycle: l } = lifecycle(failure, { failureMessage: "Sorry", onFailed });
    await submitOnce({ current: false }, l);
    expect(actions).toEqual([{ type: "submitted" }, { type: "failed", message: "Sorry" }]);
    expect(alert).toHaveBeenCalledWith("Sorry");
    expect(onFailed).toHaveBeenCalledWith(failure);
    vi.unstubAllGlobals();
  });

  it("without a message a failure is not alerted (the form hands over elsewhere)", async () => {
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    const { actions, lifecycle: l } = lifecycle({ ok: false, status: 0, error: "Network error", fields: {} });
    await submitOnce({ current: false }, l);
    expect(actions).toEqual([{ type: "submitted" }, { type: "failed" }]);
    expect(alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it("sends nothing when prepare finds the values invalid", async () => {
    const { actions, send, lifecycle: l } = lifecycle({ ok: true, id: "1" }, { prepare: () => undefined });
    await submitOnce({ current: false }, l);
    expect(send).not.toHaveBeenCalled();
    expect(actions).toEqual([]);
  });

  it("ignores a second submit until the first is answered, then allows one again", async () => {
    let answer!: (result: SubmitResult) => void;
    const { send, lifecycle: l } = lifecycle(new Promise<SubmitResult>((resolve) => (answer = resolve)));
    const guard = { current: false };
    const first = submitOnce(guard, l);
    await submitOnce(guard, l);
    answer({ ok: true, id: "1" });
    await first;
    expect(send).toHaveBeenCalledTimes(1);
    expect(guard.current).toBe(false);
  });

  it("a prepare that throws (validators that failed to load) counts as a failure too", async () => {
    const {
      actions,
      send,
      lifecycle: l,
    } = lifecycle({ ok: true, id: "1" }, { prepare: () => Promise.reject(new Error("chunk")) });
    await submitOnce({ current: false }, l);
    expect(send).not.toHaveBeenCalled();
    expect(actions).toEqual([{ type: "submitted" }, { type: "failed" }]);
  });

  it("a post that throws counts as a failure: the form is never left submitting", async () => {
    const { actions, lifecycle: l } = lifecycle(
      { ok: true, id: "1" },
      { send: () => Promise.reject(new Error("boom")) },
    );
    await submitOnce({ current: false }, l);
    expect(actions).toEqual([{ type: "submitted" }, { type: "failed" }]);
  });
});
