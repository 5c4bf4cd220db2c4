import {
  contactLinks,
  deliveryAttempts,
  formStepCounts,
  funnelDayCounts,
  funnelStepHours,
  leadStatusCounts,
  mailDigests,
  privacyRequests,
  registryCache,
  rewardWebhookEvents,
  securityEvents,
  signInThrottles,
  staffAccounts,
  staffAvailability,
  staffDevices,
  staffRecoveryCodes,
  staffSessions,
  verificationLeases,
} from "../store/schema";
import { KEPT, STAFF, entry, type AnyTableEntry } from "./personal-data-rules";

/**
 * The tables that never hold a lead's or a nurse applicant's data (part of the personal-data map,
 * personal-data-map.ts): counters, caches, leases, the request log, and staff's own accounts.
 * Each column is still named, so a new column is classified when it is added.
 */
export const NO_PERSON_TABLES = {
  // An outbox attempt: when, the answer's status, how long, a short error (no payload).
  deliveryAttempts: entry(deliveryAttempts, {
    erasure: "none",
    columns: { id: KEPT, deliveryId: KEPT, attemptedAt: KEPT, statusCode: KEPT, durationMs: KEPT, error: KEPT },
  }),
  leadStatusCounts: entry(leadStatusCounts, { erasure: "none", columns: { status: KEPT, shard: KEPT, count: KEPT } }),
  // The funnel report's aggregates and the forms' step counts (decision 0039): counts by day, step and
  // the ad's source, campaign, form or region; no person, no identifier, so erasure changes no figure.
  formStepCounts: entry(formStepCounts, {
    erasure: "none",
    columns: { day: KEPT, form: KEPT, source: KEPT, step: KEPT, count: KEPT },
  }),
  funnelDayCounts: entry(funnelDayCounts, {
    erasure: "none",
    columns: { dimension: KEPT, day: KEPT, key: KEPT, step: KEPT, shard: KEPT, count: KEPT },
  }),
  funnelStepHours: entry(funnelStepHours, {
    erasure: "none",
    columns: { day: KEPT, step: KEPT, hours: KEPT, shard: KEPT, count: KEPT },
  }),
  mailDigests: entry(mailDigests, { erasure: "none", columns: { day: KEPT, queuedAt: KEPT } }),
  // A stop-contacting link: the SHA-256 of a random token and the lead's or application's id, nothing of the person.
  contactLinks: entry(contactLinks, {
    erasure: "none",
    columns: { tokenHash: KEPT, leadId: KEPT, applicationId: KEPT, createdAt: KEPT },
  }),
  // The request log: kinds, counts, record ids; the admin's reference and reason name no one (the console asks for a ticket).
  privacyRequests: entry(privacyRequests, {
    erasure: "none",
    columns: {
      ...{ id: KEPT, at: KEPT, kind: KEPT, actor: KEPT, reference: KEPT, reason: KEPT, subjectKind: KEPT },
      ...{ touched: KEPT, recordIds: KEPT, follows: KEPT },
    },
  }),
  // Registry answers about facilities (public records of organisations and their officials).
  registryCache: entry(registryCache, {
    erasure: "none",
    columns: { key: KEPT, records: KEPT, fetchedAt: KEPT, expiresAt: KEPT },
  }),
  rewardWebhookEvents: entry(rewardWebhookEvents, {
    erasure: "none",
    columns: { provider: KEPT, eventId: KEPT, event: KEPT, receivedAt: KEPT },
  }),
  verificationLeases: entry(verificationLeases, {
    erasure: "none",
    columns: { leadId: KEPT, owner: KEPT, until: KEPT },
  }),
  // The console's security log: staff's e-mails and addresses; its details hold ids, kinds and a
  // reward recipient's domain, never a lead's name or address (decision 0037).
  securityEvents: entry(securityEvents, {
    erasure: "none",
    columns: {
      ...{ id: KEPT, at: KEPT, kind: KEPT, rowCount: KEPT, detail: KEPT, windowKey: KEPT, repeats: KEPT },
      ...{ actorEmail: STAFF, subjectEmail: STAFF, clientIp: STAFF },
    },
  }),
  signInThrottles: entry(signInThrottles, {
    erasure: "none",
    columns: {
      ...{ key: STAFF, kind: KEPT, label: STAFF, failures: KEPT, lastFailureAt: KEPT, blockedUntil: KEPT },
      lastTry: KEPT,
    },
  }),
  staffAccounts: entry(staffAccounts, {
    erasure: "none",
    columns: {
      ...{ id: KEPT, email: STAFF, passwordHash: STAFF, role: KEPT, createdAt: KEPT, disabledAt: KEPT },
      ...{ totpSecret: STAFF, totpPendingSecret: STAFF, totpLastStep: KEPT, mailAlerts: KEPT },
      secondFactorFailures: KEPT,
    },
  }),
  // A console account's hours and calendar (decision 0036): staff's own, the CalDAV password sealed.
  staffAvailability: entry(staffAvailability, {
    erasure: "none",
    columns: {
      ...{ staffId: KEPT, shownName: STAFF, timeZone: KEPT, takesCalls: KEPT, weekly: KEPT },
      ...{ caldavUrl: STAFF, caldavUsername: STAFF, caldavPassword: STAFF, updatedAt: KEPT },
    },
  }),
  staffDevices: entry(staffDevices, {
    erasure: "none",
    columns: { idHash: STAFF, accountId: KEPT, createdAt: KEPT, lastUsedAt: KEPT },
  }),
  staffRecoveryCodes: entry(staffRecoveryCodes, {
    erasure: "none",
    columns: { accountId: KEPT, codeHash: STAFF, usedAt: KEPT },
  }),
  staffSessions: entry(staffSessions, {
    erasure: "none",
    columns: {
      ...{ idHash: STAFF, accountId: KEPT, csrfToken: STAFF, createdAt: KEPT, lastSeenAt: KEPT, stage: KEPT },
      ...{ startedAt: KEPT, codeFailures: KEPT },
    },
  }),
} satisfies Record<string, AnyTableEntry>;
