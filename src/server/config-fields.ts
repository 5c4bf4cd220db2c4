import { z } from "zod";

/** The kinds of value the server's settings take (config.ts): each refuses a bad value with words naming what it must be. */

export const port = z.coerce.number().int().min(0).max(65535);
export const optionalUrl = z.url().optional();
export const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
export const flag = z
  .enum(["true", "false", "1", "0"], "must be true or false")
  .transform((v) => v === "true" || v === "1");
export const count = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("must be a whole number").min(0, "must be 0 or more").default(fallback),
  );
export const httpUrl = z.preprocess(
  emptyToUndefined,
  z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }).optional(),
);
/** A comma-separated list of e-mail addresses (STAFF_ALERT_EMAILS); empty for none. */
export const emailList = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(",")
          .map((a) => a.trim())
          .filter(Boolean)
      : v,
  z.array(z.email("must be a comma-separated list of e-mail addresses")).max(50, "must name at most 50 addresses"),
);
/** A comma-separated list of client addresses, e.g. "127.0.0.1,::1"; empty for none. */
export const ipList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((ip) => ip.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[0-9a-fA-F:.]+$/, "must be a comma-separated list of IP addresses")));
