import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WORK_EMAIL_CODE_MESSAGES as M } from "../../../domain/work-email-messages";
import WorkEmailCodeForm from "./work-email-code-form";

const SESSION = { leadId: "0b6f3c52-9b43-4d8e-9d3a-0a5b8c1e2f30", token: "t".repeat(43) };

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The API: codes are sent (GET status), and every POST gets this answer. */
function answer(status: number, body: object, codes = true) {
  return vi.fn(async (url: string) => (url === "/api/work-email/status" ? json(200, { codes }) : json(status, body)));
}

/** The posts the form made (the status read left out). */
const postsOf = (fetch: ReturnType<typeof answer>) =>
  fetch.mock.calls.filter(([url]) => url !== "/api/work-email/status") as unknown as [string, RequestInit][];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe("the work e-mail code form", () => {
  it("shows nothing without a lead's session in this browser", () => {
    const { container } = render(<WorkEmailCodeForm />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows nothing when the server sends no codes (decision 0040)", async () => {
    const fetch = answer(200, {}, false);
    vi.stubGlobal("fetch", fetch);
    const { container } = render(<WorkEmailCodeForm session={SESSION} />);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/work-email/status"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    [true, "shows the form"],
    [false, "shows nothing"],
  ])("on /call (only while waiting) asks whether this lead's code waits; waiting %s: %s", async (waiting) => {
    const fetch = vi.fn(async (url: string) =>
      url === "/api/work-email/waiting" ? json(200, { waiting }) : json(200, { codes: true }),
    );
    vi.stubGlobal("fetch", fetch);
    const { container } = render(<WorkEmailCodeForm session={SESSION} onlyWhileWaiting />);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/work-email/waiting", expect.anything()));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual(SESSION);
    if (waiting) expect(await screen.findByRole("textbox", { name: /6-digit code/ })).toBeInTheDocument();
    else {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(container).toBeEmptyDOMElement();
    }
    expect(fetch).not.toHaveBeenCalledWith("/api/work-email/status");
  });

  it("on /call shows nothing when whether the code waits cannot be known (offline, an ended session)", async () => {
    for (const failing of [
      vi.fn(async () => json(401, { error: "expired" })),
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    ]) {
      vi.stubGlobal("fetch", failing);
      const { container, unmount } = render(<WorkEmailCodeForm session={SESSION} onlyWhileWaiting />);
      await waitFor(() => expect(failing).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });

  it("refuses a code that is not six digits in words, focused, without a request", async () => {
    const fetch = answer(200, {});
    vi.stubGlobal("fetch", fetch);
    render(<WorkEmailCodeForm session={SESSION} />);
    const field = await screen.findByRole("textbox", { name: /code/ });
    await userEvent.type(field, "12345");
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText(M.codeInvalid)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(M.codeInvalid));
    expect(postsOf(fetch)).toEqual([]);
  });

  it("posts the code as typed once, whatever the double click, and says it is confirmed", async () => {
    const fetch = answer(200, { confirmed: true, message: M.confirmed });
    vi.stubGlobal("fetch", fetch);
    render(<WorkEmailCodeForm session={SESSION} />);
    await userEvent.type(await screen.findByRole("textbox", { name: /code/ }), "123 456");
    const confirm = screen.getByRole("button", { name: "Confirm" });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    const heading = await screen.findByRole("heading", { name: "Your work e-mail is confirmed" });
    // The confirmation takes focus, so a screen reader says it and the keyboard goes on from there.
    await waitFor(() => expect(heading.closest("[role=status]")).toHaveFocus());
    expect(postsOf(fetch)).toHaveLength(1);
    expect(JSON.parse(postsOf(fetch)[0]![1].body as string)).toEqual({
      ...SESSION,
      code: "123456",
    });
  });

  it("shows the server's refusal beside the field and focuses it", async () => {
    const message = `${M.wrong} 4 tries left.`;
    vi.stubGlobal("fetch", answer(400, { error: message, fields: { code: message } }));
    render(<WorkEmailCodeForm session={SESSION} />);
    const field = await screen.findByRole("textbox", { name: /code/ });
    await userEvent.type(field, "654321");
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());

    vi.stubGlobal("fetch", answer(410, { error: M.expired }));
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText(M.expired)).toBeInTheDocument();
  });

  it("'Send a new code' says what happened in a status line", async () => {
    vi.stubGlobal("fetch", answer(202, { message: M.sent }));
    render(<WorkEmailCodeForm session={SESSION} />);
    await userEvent.click(await screen.findByRole("button", { name: "Send a new code" }));
    expect(await screen.findByRole("status")).toHaveTextContent(M.sent);
    vi.stubGlobal("fetch", answer(429, { error: M.tooSoon }));
    await userEvent.click(screen.getByRole("button", { name: "Send a new code" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(M.tooSoon));
  });
});
