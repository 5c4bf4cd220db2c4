import { render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useRouteError } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION, answerApi } from "./console-test-support";
import { ViewError } from "./console-ui";
import { loadAccounts } from "./accounts-view";
import { loadPrivacy } from "./privacy-view";
import { loadSecurityLog } from "./security-log-view";
import { loadThrottles } from "./throttles-view";

afterEach(() => {
  vi.unstubAllGlobals();
});

const STAFF = { ...SESSION, body: { ...SESSION.body, account: { ...SESSION.body.account, role: "staff" } } };

/** An admins' view opened by a staff account, with the console's error boundary, as its route module has it. */
function renderRefused(path: string, loader: (request: Request) => Promise<unknown>) {
  const Stub = createRoutesStub([
    {
      path,
      Component: () => <p>The view</p>,
      loader: ({ request }) => loader(request),
      ErrorBoundary: function Refused() {
        return <ViewError error={useRouteError()} />;
      },
      HydrateFallback: () => null,
    },
    { path: "*", Component: () => <p>Somewhere else</p> },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe("a page a staff account may not open", () => {
  it.each([
    ["/staff/security-log", (r: Request) => loadSecurityLog(r), "Only admins can see the security log"],
    ["/staff/privacy", () => loadPrivacy(), "Only admins can see the privacy requests"],
    ["/staff/accounts", () => loadAccounts(), "Only admins can see the accounts"],
    ["/staff/throttles", () => loadThrottles(), "Only admins can see the sign-in throttles"],
  ])(
    "%s says so in words at its own address, with the way back, and asks the server nothing more",
    async (path, loader, words) => {
      const calls = answerApi(STAFF);
      renderRefused(path, loader);
      const heading = await screen.findByRole("heading", { name: words, level: 1 });
      // Focus moves in the effect after the heading is shown (a busy machine shows the gap).
      await waitFor(() => expect(heading).toHaveFocus());
      expect(
        screen.getByText("Your account is a staff account. Ask an admin if you need what this page holds."),
      ).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Back to the leads" })).toHaveAttribute("href", "/staff");
      expect(screen.queryByText("Somewhere else")).not.toBeInTheDocument();
      expect(screen.queryByText("The view")).not.toBeInTheDocument();
      expect(calls.map((c) => c.url)).toEqual(["/api/staff/session"]);
    },
  );
});
