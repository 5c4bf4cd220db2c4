import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { createFakeVoiceClient } from "./fake-voice-client";
import { VoiceCallCard } from "./voice-call-card";

const PHONE = "(888) 555-0142";

function setup(withClient = true) {
  const fake = createFakeVoiceClient();
  const view = render(<VoiceCallCard client={withClient ? fake.client : null} phone={PHONE} chatHref="#text-chat" />);
  return { ...fake, ...view, user: userEvent.setup() };
}

/** WCAG A/AA rules that jsdom can evaluate (colour contrast needs a real browser: the e2e covers it). */
async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"] },
    rules: { "color-contrast": { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const startButton = () => screen.getByRole("button", { name: "Start Voice Qualification" });

describe("VoiceCallCard", () => {
  it("goes idle -> connecting -> in call -> speaking/listening -> transcript -> end -> idle", async () => {
    const { user, emit, calls, container } = setup();
    expect(screen.getByRole("heading", { name: "Voice Qualification" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Ready to Start?" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "What to Expect" })).toBeInTheDocument();
    expect(screen.getByText("Contact information for your gift card")).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(startButton());
    expect(calls.start).toBe(1);
    const connecting = screen.getByRole("button", { name: "Connecting..." });
    expect(connecting).toBeDisabled();
    await expectNoAxeViolations(container);

    act(() => emit({ type: "call-started" }));
    expect(screen.getByText("Listening...")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Your turn to speak");
    expect(screen.getByText("Conversation will appear here...")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "End Call" })).toHaveFocus();
    expect(screen.queryByRole("button", { name: /Start Voice Qualification|Connecting/ })).not.toBeInTheDocument();

    act(() => emit({ type: "speech-started" }));
    expect(screen.getByText("Assistant Speaking...")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Assistant is speaking");

    act(() => {
      emit({
        type: "transcript",
        entry: { role: "assistant", text: "Hi! What type of facility do you run?" },
        isFinal: true,
      });
      emit({ type: "speech-ended" });
      emit({ type: "transcript", entry: { role: "user", text: "A skilled nursing" }, isFinal: false });
    });
    expect(screen.getByText("Listening...")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Your turn to speak");
    expect(screen.queryByText("Conversation will appear here...")).not.toBeInTheDocument();
    expect(screen.getByText("A skilled nursing")).toBeInTheDocument();

    act(() =>
      emit({
        type: "transcript",
        entry: { role: "user", text: "A skilled nursing facility in Georgia." },
        isFinal: true,
      }),
    );
    const log = screen.getByRole("log");
    const lines = Array.from(log.children).map((line) => line.textContent);
    expect(lines).toEqual([
      "AssistantHi! What type of facility do you run?",
      "YouA skilled nursing facility in Georgia.",
    ]);
    expect(within(log).getByText("You")).toBeInTheDocument();
    expect(within(log).getByText("Assistant")).toBeInTheDocument();
    expect(screen.queryByText("A skilled nursing")).not.toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "End Call" }));
    expect(calls.stop).toBe(1);
    expect(startButton()).toBeEnabled();
    act(() => emit({ type: "call-ended" }));
    expect(startButton()).toBeEnabled();
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  it("ends on the client's call-end too (e.g. the assistant finished)", async () => {
    const { user, emit } = setup();
    await user.click(startButton());
    act(() => emit({ type: "call-started" }));
    act(() => emit({ type: "call-ended" }));
    expect(startButton()).toBeEnabled();
    expect(screen.queryByRole("button", { name: "End Call" })).not.toBeInTheDocument();
  });

  it("on error shows a polite message with the alternatives, clears connecting, and can retry", async () => {
    const { user, emit, calls, container } = setup();
    await user.click(startButton());
    act(() => emit({ type: "failed", reason: "start-method-error: HTTP 500" }));

    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Sorry, we couldn't connect the voice call.");
    expect(within(alert).getByRole("link", { name: "text chat below" })).toHaveAttribute("href", "#text-chat");
    expect(within(alert).getByRole("link", { name: PHONE })).toHaveAttribute("href", "tel:+18885550142");
    expect(screen.queryByRole("button", { name: "Connecting..." })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);

    expect(startButton()).toHaveFocus();
    await user.click(startButton());
    expect(calls.start).toBe(2);
    expect(screen.getByRole("button", { name: "Connecting..." })).toBeDisabled();
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    act(() => emit({ type: "call-started" }));
    expect(screen.getByRole("button", { name: "End Call" })).toBeInTheDocument();
  });

  it("a blocked microphone asks to allow it, with the same alternatives", async () => {
    const { user, emit } = setup();
    await user.click(startButton());
    act(() => emit({ type: "failed", reason: "permissions", cause: "microphone" }));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("We couldn't use your microphone. Please allow microphone access and try again");
    expect(within(alert).getByRole("link", { name: PHONE })).toBeInTheDocument();
    expect(startButton()).toBeEnabled();
  });

  it("a call that drops shows the message and offers Start again", async () => {
    const { user, emit } = setup();
    await user.click(startButton());
    act(() => emit({ type: "call-started" }));
    act(() => {
      emit({ type: "failed", reason: "daily-error" });
      emit({ type: "call-ended" });
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Sorry, we couldn't connect the voice call.");
    expect(startButton()).toBeEnabled();
  });

  it("prefetches on hover and focus, and stops the client when the page goes away", async () => {
    const { user, calls, unmount, listenerCount } = setup();
    await user.hover(startButton());
    expect(calls.prefetch).toBeGreaterThan(0);
    expect(listenerCount()).toBe(1);
    unmount();
    expect(calls.stop).toBe(1);
    expect(listenerCount()).toBe(0);
  });

  it("when voice is not configured, says so and does not offer Start as if it worked", async () => {
    const { container } = setup(false);
    expect(startButton()).toBeDisabled();
    expect(startButton()).toHaveAccessibleDescription(/Voice qualification is unavailable right now\./);
    expect(screen.getByRole("link", { name: "text chat below" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: PHONE })).toHaveAttribute("href", "tel:+18885550142");
    await expectNoAxeViolations(container);
  });
});
