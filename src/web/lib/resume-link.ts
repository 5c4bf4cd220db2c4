import type { QualificationSession } from "./qualification-session";

/**
 * The link of the lead's confirmation e-mail (issue 29), `/qualifying-chat#lead=ID&token=TOKEN`:
 * the session it carries, taken once. The fragment never reaches a server; it is then removed
 * from the address bar, so a shared or bookmarked address does not carry the token. The names
 * come from the server's answer (the chat saves them with the session).
 */
export function takeResumeLink(): QualificationSession | undefined {
  if (typeof window === "undefined" || !window.location.hash.startsWith("#")) return undefined;
  const params = new URLSearchParams(window.location.hash.slice(1));
  const leadId = params.get("lead");
  const token = params.get("token");
  if (!leadId || !token) return undefined;
  try {
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  } catch {
    // The address keeps its fragment: the chat still resumes.
  }
  return { leadId, token, firstName: "", facilityName: "" };
}
