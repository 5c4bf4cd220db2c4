/** An object whose fields can be read (parsed JSON, a third party's event payload): not null, not a primitive. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;
