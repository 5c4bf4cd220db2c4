import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { FAILURE_ALERTS } from "../../../domain/messages";
import type { SubmitResult } from "../../lib/api";
import { NurseApplicationDialog } from "./nurse-application-dialog";

// jsdom has no <dialog> behaviour: model the open attribute and the close event.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
});

function Harness({ submit }: { submit: (...args: unknown[]) => Promise<SubmitResult> }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        click here to apply
      </button>
      <NurseApplicationDialog isOpen={isOpen} onClose={() => setOpen(false)} submit={submit} />
    </>
  );
}

async function open(submit = vi.fn(async (): Promise<SubmitResult> => ({ ok: true, id: "1" }))) {
  const user = userEvent.setup();
  render(<Harness submit={submit} />);
  await user.click(screen.getByRole("button", { name: "click here to apply" }));
  const dialog = screen.getByRole("dialog", { name: /Talent Network/ });
  return { user, dialog, submit };
}

async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const d = within(dialog);
  await user.type(d.getByLabelText("First name"), "Maria");
  await user.type(d.getByLabelText("Last name"), "Lopez");
  await user.type(d.getByLabelText("Email"), "maria@example.com");
  await user.type(d.getByLabelText("Phone number"), "6785550100");
  await user.type(d.getByLabelText("Zip code"), "30009");
  await user.selectOptions(d.getByLabelText("Classification"), "RN");
  await user.selectOptions(d.getByLabelText("Desired job location"), "Georgia");
}

describe("NurseApplicationDialog", () => {
  it("renders no fields while closed", () => {
    render(<Harness submit={vi.fn()} />);
    expect(screen.queryByLabelText("First name")).toBeNull();
  });

  it("shows the messages beside the fields and focuses the first invalid one", async () => {
    const { user, dialog, submit } = await open();
    await user.click(within(dialog).getByRole("button", { name: "Submit Application" }));
    // The validators load on first need (decision 0005): the messages come once they have.
    await waitFor(() =>
      expect(within(dialog).getByLabelText("First name")).toHaveAccessibleDescription("First name is required"),
    );
    expect(within(dialog).getByLabelText("Classification")).toHaveAccessibleDescription("Classification is required");
    expect(within(dialog).getByLabelText("First name")).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText("First name"), "M");
    expect(within(dialog).getByLabelText("First name")).not.toHaveAccessibleDescription("First name is required");
  });

  it("posts the formatted application with an idempotency key and thanks the applicant", async () => {
    const { user, dialog, submit } = await open();
    await fill(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Submit Application" }));
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith(
        expect.objectContaining({
          firstName: "Maria",
          phone: "(678) 555-0100",
          classification: "RN",
          companyWebsite: "",
        }),
        expect.stringMatching(/^[0-9a-f-]{36}$/),
      ),
    );
    expect(await within(dialog).findByRole("heading", { name: "Thank You!" })).toBeInTheDocument();
  });

  it("alerts on failure and keeps the form as typed", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { user, dialog } = await open(
      vi.fn(async (): Promise<SubmitResult> => ({ ok: false, status: 500, error: "x", fields: {} })),
    );
    await fill(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Submit Application" }));
    expect(alert).toHaveBeenCalledWith(FAILURE_ALERTS.nurseApplication);
    expect(within(dialog).getByRole("alert")).toHaveTextContent(FAILURE_ALERTS.nurseApplication);
    expect(within(dialog).getByLabelText("Email")).toHaveValue("maria@example.com");
    expect(within(dialog).getByRole("button", { name: "Submit Application" })).toBeEnabled();
  });

  it("closes from the close button and the backdrop, returning focus to the opener", async () => {
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(dialog).not.toHaveAttribute("open");
    expect(screen.getByRole("button", { name: "click here to apply" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "click here to apply" }));
    const reopened = screen.getByRole("dialog", { name: /Talent Network/ });
    await user.click(within(reopened).getByLabelText("Zip code"));
    expect(reopened).toHaveAttribute("open");
    await act(async () => {
      reopened.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
      reopened.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    expect(reopened).not.toHaveAttribute("open");
  });
});
