import { ACCOUNT_BACKOFF, ADDRESS_BACKOFF, DEVICE_BACKOFF } from "../../domain/sign-in-backoff";
import type { Database } from "../store/database";
import { clearThrottle, takeBackTry, takeTry, type ThrottleSubject } from "./sign-in-throttles-repository";
import { findDevice, normaliseEmail } from "../store/staff-repository";

/*
 * Who a try is counted against (docs/decisions/0015, OWASP's device cookies): a browser with a
 * device cookie of the account is counted on its own, whatever happened elsewhere; any other
 * try is counted against its client address (IPv6: its /64) and the pair of the e-mail typed and
 * that address, the same whether that e-mail has an account or not (decision 0026: counting the e-mail
 * alone let strangers keep its owner out).
 */
export const deviceSubject = (idHash: string, email: string): ThrottleSubject => ({
  key: `device:${idHash}`,
  kind: "device",
  label: email,
  rule: DEVICE_BACKOFF,
});
export const addressSubject = (ip: string): ThrottleSubject => ({
  key: `address:${ip}`,
  kind: "address",
  label: ip,
  rule: ADDRESS_BACKOFF,
});
/** An e-mail typed from one client (decision 0026): a stranger's failures from elsewhere do not count against the owner's tries. */
export const pairSubject = (email: string, address: string): ThrottleSubject => ({
  key: `account:${normaliseEmail(email)}|${address}`,
  kind: "account",
  label: `${normaliseEmail(email)} (from ${address})`,
  rule: ACCOUNT_BACKOFF,
});
/** Codes and password changes, behind a session: one more count per account, apart from the sign-in's. */
export const accountStepSubject = (accountId: string, email: string, step: "code" | "password"): ThrottleSubject => ({
  key: `${step}:${accountId}`,
  kind: "account",
  label: `${email} (${step})`,
  rule: ACCOUNT_BACKOFF,
});

/** The device cookie counts only for the account it was given to. */
export async function trustedDeviceOf(
  db: Database,
  deviceId: string | undefined,
  accountId: string | undefined,
): Promise<string | undefined> {
  if (!deviceId || !accountId) return undefined;
  const device = await findDevice(db, deviceId);
  return device?.accountId === accountId ? device.idHash : undefined;
}

/**
 * Takes a try from every subject, in order, before anything slow: the first that is waiting
 * refuses it (and the later ones are not counted). Returns the subject that refused, if any.
 */
export async function takeTries(db: Database, subjects: ThrottleSubject[]): Promise<ThrottleSubject | undefined> {
  for (const subject of subjects) {
    if (!(await takeTry(db, subject))) return subject;
  }
  return undefined;
}

/** A success: the account's and the device's failures are forgotten; the address only gets its own try back. */
export async function forgiveTries(db: Database, subjects: ThrottleSubject[]): Promise<void> {
  for (const subject of subjects) {
    if (subject.kind === "address") await takeBackTry(db, subject.key);
    else await clearThrottle(db, subject.key);
  }
}
