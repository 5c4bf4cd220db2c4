/** Copy of the text chat's container (a third-party widget or our own chat). */
export const CHAT_WIDGET_COPY = {
  regionLabel: "Text chat",
  loading: "Loading the chat…",
} as const;
