import { readdirSync, readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { VoiceActivePanel } from "../src/web/features/voice-call/voice-active-panel";
import { expect, expectNoAxeViolations, test, VIEWPORTS } from "./fixtures";

/**
 * The in-call card in a real browser, with the site's built CSS, for the axe rules jsdom cannot
 * run (colour contrast above all). A live call needs the voice provider's servers, so the panel
 * is rendered in the states a call goes through; the behaviour is in voice-call-card.test.tsx.
 */
const assets = "build/client/assets";
const css = readFileSync(`${assets}/${readdirSync(assets).find((f) => f.endsWith(".css"))}`, "utf8");

const STATES = {
  "listening, empty": { isAssistantSpeaking: false, transcript: [], partial: null },
  "assistant speaking, with lines and a line in progress": {
    isAssistantSpeaking: true,
    transcript: [
      { role: "assistant" as const, text: "Hi! What type of facility do you run?" },
      { role: "user" as const, text: "A skilled nursing facility in Georgia." },
    ],
    partial: { role: "assistant" as const, text: "Great, and what are your" },
  },
};

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const [stateName, state] of Object.entries(STATES)) {
    test(`${viewportName}: in-call card (${stateName}) has no axe violations`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const panel = renderToStaticMarkup(createElement(VoiceActivePanel, { ...state, onEnd: () => {}, endRef: null }));
      await page.setContent(
        `<!doctype html><html lang="en"><head><title>In call</title><style>${css}</style></head><body><main><section aria-label="Voice Qualification" class="p-6">${panel}</section></main></body></html>`,
      );
      await expect(page.getByRole("button", { name: "End Call" })).toBeVisible();
      await expect(page.getByRole("status")).toHaveText(
        state.isAssistantSpeaking ? "Assistant is speaking" : "Your turn to speak",
      );
      await expectNoAxeViolations(page, `${viewportName} ${stateName}`);
    });
  }
}
