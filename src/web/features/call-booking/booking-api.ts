/**
 * The bookings API's calls (decision 0036), in this feature's own chunk: the times offered, book,
 * move, cancel, each with the lead's own id and qualification token.
 */
export interface Slot {
  start: string;
  end: string;
}
export interface BookedCall {
  id: string;
  start: string;
  end: string;
  with: string;
}
export interface SlotsAnswer {
  timeZone: string;
  callMinutes: number;
  slots: Slot[];
  booking?: BookedCall | null;
}
export interface CallSession {
  leadId: string;
  token: string;
}

export type BookingResult =
  { ok: true; booking: BookedCall } | { ok: false; status: number; error: string; slots?: Slot[] | undefined };

async function send(
  method: "GET" | "POST",
  path: string,
  body?: object,
): Promise<{ status: number; data: Record<string, unknown> }> {
  const response = await fetch(path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, data: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

const resultOf = async (
  request: Promise<{ status: number; data: Record<string, unknown> }>,
): Promise<BookingResult> => {
  try {
    const { status, data } = await request;
    if (status >= 200 && status < 300) return { ok: true, booking: data["booking"] as BookedCall };
    return { ok: false, status, error: String(data["error"] ?? ""), slots: data["slots"] as Slot[] | undefined };
  } catch {
    return { ok: false, status: 0, error: "" };
  }
};

/** The times offered, in the lead's zone. */
export async function fetchSlots(session: CallSession, timeZone: string): Promise<SlotsAnswer | { error: string }> {
  try {
    const query = new URLSearchParams({ lead: session.leadId, token: session.token, tz: timeZone });
    const { status, data } = await send("GET", `/api/bookings/slots?${query.toString()}`);
    if (status === 200) return data as unknown as SlotsAnswer;
    return { error: String(data["error"] ?? "") };
  } catch {
    return { error: "" };
  }
}

export const bookCall = (session: CallSession, start: string, timeZone: string) =>
  resultOf(send("POST", "/api/bookings", { lead: session.leadId, token: session.token, start, tz: timeZone }));

export const moveCall = (session: CallSession, bookingId: string, start: string) =>
  resultOf(send("POST", `/api/bookings/${encodeURIComponent(bookingId)}/move`, { token: session.token, start }));

export const cancelCall = (session: CallSession, bookingId: string) =>
  resultOf(send("POST", `/api/bookings/${encodeURIComponent(bookingId)}/cancel`, { token: session.token }));
