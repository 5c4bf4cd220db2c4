import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WORK_EMAIL_CODE_MESSAGES as M } from "../../../domain/work-email-messages";
import WorkEmailCodeForm from "./work-email-code-form";

const SESSION = { leadId: "0b6f3c52-9b43-4d8e-9d3a-0a5b8c1e2f30", token: "t".repeat(43) };

function answer(status: number, body: object) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
}

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

  it("refuses a code that is not six digits in words, focused, without a request", async () => {
    const fetch = answer(200, {});
    vi.stubGlobal("fetch", fetch);
    render(<WorkEmailCodeForm session={SESSION} />);
    const field = screen.getByRole("textbox", { name: /code/ });
    await userEvent.type(field, "12345");
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText(M.codeInvalid)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(M.codeInvalid));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("posts the code as typed once, whatever the double click, and says it is confirmed", async () => {
    const fetch = answer(200, { confirmed: true, message: M.confirmed });
    vi.stubGlobal("fetch", fetch);
    render(<WorkEmailCodeForm session={SESSION} />);
    await userEvent.type(screen.getByRole("textbox", { name: /code/ }), "123 456");
    const confirm = screen.getByRole("button", { name: "Confirm" });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByRole("heading", { name: "Your work e-mail is confirmed" })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      ...SESSION,
      code: "123456",
    });
  });

  it("shows the server's refusal beside the field and focuses it", async () => {
    const message = `${M.wrong} 4 tries left.`;
    vi.stubGlobal("fetch", answer(400, { error: message, fields: { code: message } }));
    render(<WorkEmailCodeForm session={SESSION} />);
    const field = screen.getByRole("textbox", { name: /code/ });
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
    await userEvent.click(screen.getByRole("button", { name: "Send a new code" }));
    expect(await screen.findByRole("status")).toHaveTextContent(M.sent);
    vi.stubGlobal("fetch", answer(429, { error: M.tooSoon }));
    await userEvent.click(screen.getByRole("button", { name: "Send a new code" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(M.tooSoon));
  });
});
