import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION, answerApi, modelDialogs, renderInRoute } from "./console-test-support";
import { DoNotContactBanner } from "./do-not-contact-banner";
import type { PrivacyRequestEntry, PrivacyRequestLog } from "../../../domain/staff-console-api";
import { PrivacyView, changePrivacy, loadPrivacy } from "./privacy-view";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** WCAG A/AA rules jsdom can evaluate (contrast needs a browser: the e2e covers it). */
async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"] },
    rules: { "color-contrast": { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A row of the log as the server sends it: only what a test names differs. */
const entry = (row: Pick<PrivacyRequestEntry, "id" | "at" | "kind" | "actor" | "reference" | "recordIds">) =>
  ({ reason: "", subjectKind: "email", touched: {}, follows: null, ...row }) satisfies PrivacyRequestEntry;

const LOG = {
  status: 200,
  body: {
    requests: [
      entry({
        id: "r1",
        at: "2026-11-20T10:00:00.000Z",
        kind: "opt_out",
        actor: "link",
        reference: "",
        recordIds: ["l1"],
      }),
      entry({
        id: "r2",
        at: "2026-11-21T10:00:00.000Z",
        kind: "export",
        actor: "admin-token",
        reference: "T-9",
        recordIds: ["l1", "l2"],
      }),
      entry({
        id: "r3",
        at: "2026-11-22T10:00:00.000Z",
        kind: "erase",
        actor: "staff:ana@provider.example",
        reference: "R-1",
        recordIds: ["l3"],
      }),
    ],
  } satisfies PrivacyRequestLog,
};

function renderPrivacy() {
  modelDialogs();
  return renderInRoute((data) => <PrivacyView data={data as PrivacyRequestLog} />, {
    path: "/staff/privacy",
    loader: () => loadPrivacy(),
    action: ({ request }) => changePrivacy(request),
  });
}

describe("DoNotContactBanner", () => {
  it("says when and how the person asked; nothing when they did not", () => {
    const { container, rerender } = render(
      <DoNotContactBanner doNotContact={{ at: "2026-11-20T10:00:00.000Z", via: "link" }} />,
    );
    expect(container).toHaveTextContent(/^Do not contact: asked on Fri, Nov 20, 2026.* by e-mail link\./);
    rerender(<DoNotContactBanner doNotContact={{ at: "2026-11-20T10:00:00.000Z", via: "console" }} />);
    expect(container).toHaveTextContent("through the console");
    rerender(<DoNotContactBanner doNotContact={false} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("PrivacyView", () => {
  it("shows the request log and every control labelled, without axe violations", async () => {
    answerApi(SESSION, LOG);
    const { container } = renderPrivacy();
    const table = await screen.findByRole("table", { name: /Erasures, exports and opt-outs/ });
    // Each request as a sentence: people rather than mechanisms, no column of empty cells.
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["When", "What was done"]);
    expect(
      within(table).getByRole("cell", {
        name: "The person asked not to be contacted, with the link in an e-mail: 1 record.",
      }),
    ).toBeInTheDocument();
    expect(
      within(table).getByRole("cell", {
        name: "An administrator, through the admin API, handed over a person's data: 2 records (reference T-9).",
      }),
    ).toBeInTheDocument();
    expect(
      within(table).getByRole("cell", { name: "ana@provider.example erased a person: 1 record (reference R-1)." }),
    ).toBeInTheDocument();
    expect(table).not.toHaveTextContent(/admin-token|staff:/);
    expect(screen.getAllByRole("textbox", { name: "E-mail address, phone number or lead id" })).toHaveLength(3);
    await expectNoAxeViolations(container);
  });

  it("erase: refused locally with the schema's words; then confirmed in a dialog, and tells when a card is in flight", async () => {
    const calls = answerApi(
      SESSION,
      LOG,
      {
        status: 202,
        body: {
          status: "deferred",
          message: "A card for this person is still on its way (1): they are erased as soon as it settles.",
        },
      },
      LOG,
    );
    const user = userEvent.setup();
    renderPrivacy();
    const erase = await screen.findByRole("form", { name: "Erase a person" });
    await user.click(within(erase).getByRole("button", { name: "Erase this person…" }));
    expect(
      await within(erase).findByText("Give the person's e-mail address, phone number or lead id.", {
        selector: "a, li, button",
      }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(2); // nothing posted

    await user.type(within(erase).getByRole("textbox", { name: /E-mail address/ }), "ada@facility.example");
    await user.type(within(erase).getByRole("textbox", { name: /Request reference/ }), "CCPA-7");
    await user.type(within(erase).getByRole("textbox", { name: /Reason/ }), "asked by letter");
    await user.click(within(erase).getByRole("button", { name: "Erase this person…" }));
    const dialog = screen.getByRole("dialog", { name: "Erase this person?" });
    expect(dialog).toHaveTextContent("ada@facility.example");
    await user.click(within(dialog).getByRole("button", { name: "Erase" }));
    await vi.waitFor(() => expect(within(erase).getByRole("status")).toHaveTextContent("still on its way"));
    expect(calls[2]).toMatchObject({
      method: "POST",
      url: "/api/staff/privacy/erase",
      body: { subject: "ada@facility.example", reference: "CCPA-7", reason: "asked by letter" },
    });
    expect(within(erase).getByRole("textbox", { name: /E-mail address/ })).toHaveValue("");
  });

  it("opt-out: the server's words when refused", async () => {
    answerApi(SESSION, LOG, { status: 403, body: { error: "Only an admin can do this." } }, LOG);
    const user = userEvent.setup();
    renderPrivacy();
    const form = await screen.findByRole("form", { name: "Stop contacting a person" });
    await user.type(within(form).getByRole("textbox", { name: /E-mail address/ }), "5551234567");
    await user.click(within(form).getByRole("button", { name: "Record do not contact" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Only an admin can do this.");
  });
});
