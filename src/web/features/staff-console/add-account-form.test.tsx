import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AddAccountForm } from "./add-account-form";
import { changeAccounts } from "./accounts-view";
import { answerApi, renderInRoute } from "./console-test-support";

afterEach(() => vi.unstubAllGlobals());

async function add(email: string, password: string) {
  const loader = vi.fn(() => null);
  const user = userEvent.setup();
  renderInRoute(() => <AddAccountForm />, {
    path: "/staff/accounts",
    loader,
    action: ({ request }) => changeAccounts(request),
  });
  await screen.findByRole("button", { name: "Add account" });
  const reloads = () => loader.mock.calls.length - 1;
  await user.type(screen.getByRole("textbox", { name: "Email" }), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole("button", { name: "Add account" }));
  return { reloads, user };
}

describe("AddAccountForm", () => {
  it("shows the server's message per field in a focused error summary", async () => {
    const problem = "This password is on a list of common passwords. Choose another one.";
    answerApi({ status: 400, body: { error: problem, fields: { password: problem } } });
    const { reloads } = await add("new.hire@provider.example", "password1234");
    const summary = await screen.findByRole("alert", { name: "There is a problem" });
    await vi.waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole("link", { name: problem })).toHaveAttribute("href", "#account-password");
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(expect.stringContaining(problem));
    await vi.waitFor(() => expect(reloads()).toBe(1));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("adds the account with the staff role by default, says so, and empties the form", async () => {
    const account = {
      id: "1",
      email: "new.hire@provider.example",
      role: "staff",
      createdAt: "2026-11-24T10:00:00.000Z",
      disabledAt: null,
    };
    const calls = answerApi({ status: 201, body: { account } });
    const { reloads } = await add("new.hire@provider.example", "a new hire's long passphrase");
    expect(calls[0]).toMatchObject({
      url: "/api/staff/accounts",
      body: { email: "new.hire@provider.example", password: "a new hire's long passphrase", role: "staff" },
    });
    await vi.waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Added new.hire@provider.example."));
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveValue("");
    expect(reloads()).toBe(1);
  });

  it("checks the e-mail and role with the schema the server parses them with, and sends nothing when they fail", async () => {
    const calls = answerApi();
    await add("not an e-mail", "a long enough passphrase");
    const summary = await screen.findByRole("alert", { name: "There is a problem" });
    expect(within(summary).getByRole("link", { name: "Enter a valid e-mail address." })).toHaveAttribute(
      "href",
      "#account-email",
    );
    await vi.waitFor(() => expect(summary).toHaveFocus());
    expect(calls).toHaveLength(0);
  });
});
