import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION, answerApi, renderInRoute } from "./console-test-support";
import { ConsoleError } from "./staff-api";
import { ThrottlesView, changeThrottles, loadThrottles } from "./throttles-view";
import type { SignInThrottle } from "../../../domain/staff-console-api";

afterEach(() => {
  vi.unstubAllGlobals();
});

const throttle = (key: string, label: string) => ({
  key,
  kind: "email",
  label,
  failures: 6,
  lastFailureAt: "2026-11-25T10:00:00.000Z",
  blockedUntil: "2999-01-01T00:00:00.000Z",
});

function renderThrottles() {
  return renderInRoute((data) => <ThrottlesView throttles={data as SignInThrottle[]} />, {
    path: "/staff/throttles",
    loader: () => loadThrottles(),
    action: ({ request }) => changeThrottles(request),
  });
}

describe("ThrottlesView", () => {
  it("lifts one throttle in place, says which, and shows the list read again", async () => {
    const calls = answerApi(
      SESSION,
      {
        status: 200,
        body: { throttles: [throttle("k1", "dana@provider.example"), throttle("k2", "sam@provider.example")] },
      },
      { status: 200, body: { lifted: 1 } },
      { status: 200, body: { throttles: [throttle("k2", "sam@provider.example")] } },
    );
    const user = userEvent.setup();
    renderThrottles();
    await user.click(await screen.findByRole("button", { name: "Lift dana@provider.example" }));
    await vi.waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("dana@provider.example"));
    expect(calls[2]).toMatchObject({ method: "POST", url: "/api/staff/throttles/lift", body: { keys: ["k1"] } });
    await vi.waitFor(() =>
      expect(screen.queryByRole("button", { name: "Lift dana@provider.example" })).not.toBeInTheDocument(),
    );
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(2);
  });

  it("shows the server's words when a lift is refused", async () => {
    answerApi(
      SESSION,
      { status: 200, body: { throttles: [throttle("k1", "dana@provider.example")] } },
      { status: 403, body: { error: "Only an admin can do this." } },
      { status: 200, body: { throttles: [throttle("k1", "dana@provider.example")] } },
    );
    const user = userEvent.setup();
    renderThrottles();
    await user.click(await screen.findByRole("button", { name: "Lift dana@provider.example" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only an admin can do this.");
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("refuses a staff account (not an admin) in words, at its own address (no redirect)", async () => {
    answerApi({ status: 200, body: { ...SESSION.body, account: { ...SESSION.body.account, role: "staff" } } });
    await expect(loadThrottles()).rejects.toSatisfy(
      (thrown: unknown) =>
        thrown instanceof ConsoleError &&
        thrown.status === 403 &&
        thrown.message === "Only admins can see the sign-in throttles",
    );
  });
});
