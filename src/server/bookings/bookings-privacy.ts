import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../store/database";
import { bookings } from "../store/schema";

/** A person's bookings (issue 40) in their export: when, with whom (the staff member's id), what became of it. */
export async function bookingsOfLeads(db: Database, leadIds: string[]) {
  if (leadIds.length === 0) return [];
  const rows = await db.select().from(bookings).where(inArray(bookings.leadId, leadIds));
  return rows.map((row) => ({
    id: row.id,
    leadId: row.leadId,
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    status: row.status,
    timeZone: row.leadTimeZone,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** On erasure: the person's booked calls are cancelled (their e-mails are called off with the rest of theirs). */
export async function cancelBookingsOfLeads(db: Database, leadIds: string[]): Promise<{ id: string }[]> {
  if (leadIds.length === 0) return [];
  return db
    .update(bookings)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(and(inArray(bookings.leadId, leadIds), eq(bookings.status, "booked")))
    .returning({ id: bookings.id });
}
