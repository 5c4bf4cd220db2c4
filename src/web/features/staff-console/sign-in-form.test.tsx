import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerApi, renderInRoute } from "./console-test-support";
import { changeSession } from "./staff-console";
import { SignInForm } from "./sign-in-form";

afterEach(() => vi.unstubAllGlobals());

/** The form in the console's layout route, whose action signs in; `reloads` counts the loader's runs after the first. */
async function signIn(email: string, password: string) {
  const loader = vi.fn(() => null);
  const user = userEvent.setup();
  renderInRoute(() => <SignInForm />, { path: "/staff", loader, action: ({ request }) => changeSession(request) });
  await screen.findByRole("button", { name: "Sign in" });
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  return () => loader.mock.calls.length - 1;
}

describe("SignInForm", () => {
  it("posts the e-mail and password, and has the console read the session again (its CSRF token with it)", async () => {
    const session = { account: { email: "worker@provider.example", role: "staff" }, csrfToken: "t" };
    const calls = answerApi({ status: 200, body: session });
    const reloads = await signIn("worker@provider.example", "a long passphrase");
    expect(calls[0]).toMatchObject({
      url: "/api/staff/sign-in",
      method: "POST",
      body: { email: "worker@provider.example", password: "a long passphrase" },
    });
    await vi.waitFor(() => expect(reloads()).toBe(1));
  });

  it("asks for both fields in a focused error summary before sending anything", async () => {
    const calls = answerApi();
    const user = userEvent.setup();
    renderInRoute(() => <SignInForm />, { path: "/staff", action: ({ request }) => changeSession(request) });
    await user.click(await screen.findByRole("button", { name: "Sign in" }));
    const summary = await screen.findByRole("alert", { name: "There is a problem" });
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Enter your e-mail address.", "Enter your password."]);
    await vi.waitFor(() => expect(summary).toHaveFocus());
    expect(calls).toHaveLength(0);
  });

  it("shows the server's one message when they do not match, and stays usable", async () => {
    answerApi({ status: 401, body: { error: "The e-mail or password is not right." } });
    await signIn("worker@provider.example", "wrong");
    expect(await screen.findByRole("alert")).toHaveTextContent("The e-mail or password is not right.");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
  });

  it("says so when the server cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await signIn("worker@provider.example", "a long passphrase");
    expect(await screen.findByRole("alert")).toHaveTextContent("The server could not be reached.");
  });
});
