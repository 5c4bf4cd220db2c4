// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerApi } from "./console-test-support";
import { SignInForm } from "./sign-in-form";

afterEach(() => vi.unstubAllGlobals());

async function signIn(email: string, password: string) {
  const onSignedIn = vi.fn();
  const user = userEvent.setup();
  render(<SignInForm onSignedIn={onSignedIn} />);
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  return onSignedIn;
}

describe("SignInForm", () => {
  it("posts the e-mail and password and hands the session on", async () => {
    const session = { account: { email: "worker@provider.example", role: "staff" }, csrfToken: "t" };
    const calls = answerApi({ status: 200, body: session });
    const onSignedIn = await signIn("worker@provider.example", "a long passphrase");
    expect(calls[0]).toMatchObject({ url: "/api/staff/sign-in", method: "POST", body: { email: "worker@provider.example", password: "a long passphrase" } });
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
  });

  it("shows the server's one message when they do not match, and stays usable", async () => {
    answerApi({ status: 401, body: { error: "The e-mail or password is not right." } });
    const onSignedIn = await signIn("worker@provider.example", "wrong");
    expect(await screen.findByRole("alert")).toHaveTextContent("The e-mail or password is not right.");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("says so when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await signIn("worker@provider.example", "a long passphrase");
    expect(await screen.findByRole("alert")).toHaveTextContent("The server could not be reached.");
  });
});
