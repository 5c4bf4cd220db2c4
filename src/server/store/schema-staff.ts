import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** The staff console's tables: accounts, sessions, sign-in throttles, devices, recovery codes, the security log (re-exported by schema.ts). */

/** Staff accounts of the console (decision 0012): e-mail and an argon2id hash, role staff or admin. */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: uuid("id").primaryKey(),
    /** Stored lower-case: one account per address. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull(), // staff | admin
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The time-based second factor's key (base32; encrypted "v1:" when STAFF_SECRET_KEY is set); null until confirmed. */
    totpSecret: text("totp_secret"),
    /** A key shown for enrolment, not yet confirmed with a code. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last 30-second step whose code was accepted: a code is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** The account hears of qualified leads and overdue calls by e-mail, as STAFF_ALERT_EMAILS do (decision 0023). */
    mailAlerts: boolean("mail_alerts").notNull().default(false),
    /** Wrong second-factor codes in a row, across sessions (decision 0026): at 100 no code is checked until an admin resets the factor. */
    secondFactorFailures: integer("second_factor_failures").notNull().default(0),
  },
  (t) => [uniqueIndex("staff_accounts_email_idx").on(t.email)],
);

/** Server-side sessions: only the SHA-256 of the cookie's random id is stored. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    /** The synchronizer token the console sends back in X-CSRF-Token on every change. */
    csrfToken: text("csrf_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** full | second_factor (the password passed, the code not yet) | enrol (must set up a second factor first). */
    stage: text("stage").notNull().default("full"),
    /** When the sign-in this session continues began: the absolute lifetime counts from it, whatever re-issued the session (decision 0026). */
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** Wrong second-factor codes given in this session: at 10 the half-signed session is ended. */
    codeFailures: integer("code_failures").notNull().default(0),
  },
  (t) => [index("staff_sessions_account_idx").on(t.accountId), index("staff_sessions_last_seen_idx").on(t.lastSeenAt)],
);

/**
 * Sign-in back-off (docs/decisions/0015): one row per thing that failed, an e-mail typed
 * ("account:<e-mail>", whether or not it has an account), a client address ("address:<ip>") or a
 * device cookie ("device:<hash>"). Counted in one INSERT ... ON CONFLICT ... RETURNING.
 */
export const signInThrottles = pgTable(
  "sign_in_throttles",
  {
    key: text("key").primaryKey(),
    kind: text("kind").notNull(), // account | address | device
    /** What an admin sees: the e-mail typed, the address, or the device's account. */
    label: text("label").notNull(),
    failures: integer("failures").notNull().default(0),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
    /** No try is checked before this. */
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
    /** The random id of the last try let through: how a try knows it was the one let through. */
    lastTry: text("last_try"),
  },
  (t) => [index("sign_in_throttles_last_failure_idx").on(t.lastFailureAt)],
);

/** Device cookies (OWASP): a browser where an account signed in; only the SHA-256 of the cookie's random id is stored. */
export const staffDevices = pgTable(
  "staff_devices",
  {
    idHash: text("id_hash").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The last full sign-in from it: the cookie is renewed then, and the row expires 180 days after
     * (decision 0026).
     */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_devices_account_idx").on(t.accountId), index("staff_devices_last_used_idx").on(t.lastUsedAt)],
);

/**
 * The ten single-use recovery codes of an account's second factor: "<first two characters>:<argon2id hash>"
 * (decision 0026; the two characters only pick which hash to check). Codes issued before are unsalted
 * SHA-256 (64 hex characters) and keep working until the factor is set up again.
 */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.codeHash] })],
);

/**
 * The console's security log: sign-ins, failures, throttles and lifts, account, password and
 * second-factor changes, exports. Append-only (a trigger refuses UPDATE and DELETE); never a
 * password or a code.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: uuid("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind").notNull(),
    /** Who did it (null: someone not signed in, e.g. a failed sign-in for an unknown e-mail). */
    actorEmail: text("actor_email"),
    /** The account it concerns, when not the actor (an admin's change; a sign-in's account). */
    subjectEmail: text("subject_email"),
    clientIp: text("client_ip"),
    rowCount: integer("row_count"),
    detail: jsonb("detail").$type<Record<string, string | number | boolean>>(),
    /**
     * Repeated events of one subject in one window share a row (decision 0026): the key names them
     * ("<kind>|<subject>|<window>"), `repeats` counts them. The only UPDATE the trigger allows raises it.
     */
    windowKey: text("window_key"),
    repeats: integer("repeats").notNull().default(1),
  },
  (t) => [
    index("security_events_at_idx").on(t.at),
    index("security_events_kind_at_idx").on(t.kind, t.at),
    uniqueIndex("security_events_window_idx").on(t.windowKey),
  ],
);
