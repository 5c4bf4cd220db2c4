/**
 * A keyset cursor for lists ordered newest first by (received_at, id): the last row's pair,
 * as opaque base64url text. A page after it is `(received_at, id) < (cursor)`.
 */
export interface Cursor {
  receivedAt: Date;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.receivedAt.toISOString()}|${cursor.id}`, "utf8").toString("base64url");
}

/** undefined for anything that is not a cursor this server made. */
export function decodeCursor(text: string): Cursor | undefined {
  const [at, id, extra] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (extra !== undefined || !at || !id || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) || Number.isNaN(Date.parse(at))) {
    return undefined;
  }
  return { receivedAt: new Date(at), id };
}
