/**
 * Extra attributes for the chat script tag, from a JSON object (VITE_CHAT_WIDGET_ATTRIBUTES).
 * Many widgets read their id or settings from `data-*` attributes of their own script tag.
 * Event-handler attributes (inline script, blocked by our CSP anyway) and `src` are refused.
 */
export function parseWidgetAttributes(raw: string | undefined): Record<string, string> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn("[chat] VITE_CHAT_WIDGET_ATTRIBUTES is not a JSON object; ignored.");
    return {};
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    const isAllowedName = /^[a-z][a-z0-9-]*$/i.test(name) && !/^on/i.test(name) && name.toLowerCase() !== "src";
    if (isAllowedName && (typeof value === "string" || typeof value === "number" || typeof value === "boolean"))
      attributes[name] = String(value);
  }
  return attributes;
}
