/**
 * What the browser keeps to continue a qualification (decision 0011): the lead's id, its
 * qualification token, and the first name and facility name to greet with. Nothing else of
 * the lead. Kept in sessionStorage (this tab's visit) and in localStorage for 24 hours, so a
 * refresh or a return within a day in the same browser continues where it stopped.
 */

export interface QualificationSession {
  leadId: string;
  token: string;
  firstName: string;
  facilityName: string;
}

const KEY = "qualification-session";
/** A return within this long after the last answer continues the chat. */
const RETURN_WINDOW_MS = 24 * 60 * 60 * 1000;

const storageOf = (name: "sessionStorage" | "localStorage"): Storage | undefined => {
  try {
    return typeof window === "undefined" ? undefined : window[name];
  } catch {
    return undefined; // storage disabled
  }
};

function parse(text: string | null | undefined, now: number): QualificationSession | undefined {
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Partial<QualificationSession> & { savedAt?: number };
    if (typeof data.savedAt === "number" && now - data.savedAt > RETURN_WINDOW_MS) return undefined;
    const fields = [data.leadId, data.token, data.firstName, data.facilityName];
    if (!fields.every((field) => typeof field === "string")) return undefined;
    return { leadId: data.leadId!, token: data.token!, firstName: data.firstName!, facilityName: data.facilityName! };
  } catch {
    return undefined;
  }
}

/** The session of this tab, else one saved in this browser within the last 24 hours. */
export function readQualificationSession(now = Date.now()): QualificationSession | undefined {
  return (
    parse(storageOf("sessionStorage")?.getItem(KEY), Number.NEGATIVE_INFINITY) ??
    parse(storageOf("localStorage")?.getItem(KEY), now)
  );
}

/** Keeps the session (after a lead's 201, and after each answer to restart the 24 hours); only these four fields are kept. */
export function saveQualificationSession(session: QualificationSession, now = Date.now()): void {
  const { leadId, token, firstName, facilityName } = session;
  try {
    const kept = { leadId, token, firstName: firstName.trim(), facilityName: facilityName.trim() };
    storageOf("sessionStorage")?.setItem(KEY, JSON.stringify(kept));
    storageOf("localStorage")?.setItem(KEY, JSON.stringify({ ...kept, savedAt: now }));
  } catch {
    // Full or disabled storage: the chat still works for this page view.
  }
}

/**
 * The link of the lead's confirmation e-mail (decision 0023), `/qualifying-chat#lead=ID&token=TOKEN`:
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

/** Forgets the session (its token was refused: expired or for another lead). */
export function clearQualificationSession(): void {
  try {
    storageOf("sessionStorage")?.removeItem(KEY);
    storageOf("localStorage")?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
