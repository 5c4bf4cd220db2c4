/** Copy of the embedded text chat and its fallback. */
export const CHAT_WIDGET_COPY = {
  regionLabel: "Text chat",
  loading: "Loading the chat…",
  unavailable: "Text chat is not available right now.",
  callUs: "Call us at",
  orUse: "or use",
  voiceLink: "voice qualification",
  instead: "instead.",
} as const;
