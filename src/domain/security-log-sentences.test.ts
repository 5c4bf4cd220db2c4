import { describe, expect, it } from "vitest";
import { COMMAND_LINE_ACTOR, sentenceText } from "./log-sentences";
import { securityEventSentence, type SecurityLogRow } from "./security-log-sentences";
import { SECURITY_EVENT_KINDS, type SecurityEventKind } from "./staff-requests";

const ANA = "ana@sunrise.example";
const LEAD = { id: "5605fc18-0000-4000-8000-000000000001", facilityName: "Sunrise Nursing" };
const APPROVAL = "2103e073-0000-4000-8000-000000000002";

const row = (kind: SecurityEventKind, more: Partial<SecurityLogRow> = {}): SecurityLogRow => ({
  kind,
  actorEmail: ANA,
  actorRole: "staff",
  subjectEmail: null,
  rowCount: null,
  detail: null,
  repeats: 1,
  lead: null,
  ...more,
});
const say = (r: SecurityLogRow) => sentenceText(securityEventSentence(r));
const money = { leadId: LEAD.id, step: "gift_card_sent", approvalId: APPROVAL, recipient: "x@elsewhere.example" };

describe("securityEventSentence", () => {
  it.each<[string, SecurityLogRow, string]>([
    [
      "sign_in",
      row("sign_in", { detail: { stage: "full", device: true } }),
      `${ANA} (staff) signed in on a browser remembered for the second factor.`,
    ],
    [
      "sign_in with a code next",
      row("sign_in", { detail: { stage: "code", device: false } }),
      `${ANA} (staff) signed in; a code is asked next.`,
    ],
    [
      "sign_in_failed",
      row("sign_in_failed", { actorEmail: null, subjectEmail: ANA, detail: { account: "known", device: false } }),
      `A sign-in as ${ANA} failed: wrong password.`,
    ],
    [
      "sign_in_failed, unknown e-mail",
      row("sign_in_failed", { actorEmail: null, detail: { account: "unknown" } }),
      "A sign-in with an e-mail no account has failed.",
    ],
    [
      "sign_in_failed, password change",
      row("sign_in_failed", { detail: { during: "password_change" } }),
      `${ANA} (staff) typed a wrong current password while changing it.`,
    ],
    [
      "sign_in_throttled",
      row("sign_in_throttled", { actorEmail: null, subjectEmail: ANA, detail: { by: "account" }, repeats: 4 }),
      `Sign-in tries as ${ANA} for this e-mail are slowed down after repeated failures (4 times).`,
    ],
    [
      "second_factor_failed",
      row("second_factor_failed", { detail: { during: "enrolment" } }),
      `${ANA} (staff) entered a wrong code while setting up a second factor.`,
    ],
    [
      "second_factor_verified",
      row("second_factor_verified", { detail: { recovery: false, device: true } }),
      `${ANA} (staff) entered a correct code; this browser is remembered.`,
    ],
    [
      "second_factor_locked",
      row("second_factor_locked", { detail: { scope: "account" } }),
      `${ANA} (staff): codes are locked after too many wrong ones.`,
    ],
    [
      "throttle_lifted",
      row("throttle_lifted", { actorRole: "admin", subjectEmail: "bo@sunrise.example", detail: { kind: "account" } }),
      `${ANA} (admin) lifted the sign-in throttle of bo@sunrise.example.`,
    ],
    ["sign_out", row("sign_out"), `${ANA} (staff) signed out.`],
    [
      "account_created from the command line",
      row("account_created", {
        actorEmail: COMMAND_LINE_ACTOR,
        actorRole: null,
        subjectEmail: ANA,
        detail: { role: "admin" },
      }),
      `${ANA} was added as an admin, set up from the server's command line.`,
    ],
    [
      "account_created by an admin",
      row("account_created", { actorRole: "admin", subjectEmail: "bo@sunrise.example", detail: { role: "staff" } }),
      `${ANA} (admin) added bo@sunrise.example as staff.`,
    ],
    [
      "account_disabled",
      row("account_disabled", { actorEmail: COMMAND_LINE_ACTOR, subjectEmail: "bo@sunrise.example" }),
      "The account bo@sunrise.example was disabled from the server's command line.",
    ],
    ["password_changed", row("password_changed"), `${ANA} (staff) changed their password.`],
    [
      "password_reset",
      row("password_reset", { actorRole: "admin", subjectEmail: "bo@sunrise.example" }),
      `${ANA} (admin) reset the password of bo@sunrise.example.`,
    ],
    ["second_factor_enrolled", row("second_factor_enrolled"), `${ANA} (staff) set up a second factor.`],
    ["second_factor_replaced", row("second_factor_replaced"), `${ANA} (staff) replaced their second factor.`],
    ["second_factor_removed", row("second_factor_removed"), `${ANA} (staff) removed their second factor.`],
    [
      "second_factor_reset",
      row("second_factor_reset", { actorEmail: COMMAND_LINE_ACTOR, subjectEmail: ANA }),
      `The second factor of ${ANA} was reset from the server's command line.`,
    ],
    [
      "recovery_code_used",
      row("recovery_code_used", { rowCount: 9 }),
      `${ANA} (staff) used a recovery code; 9 codes left.`,
    ],
    [
      "leads_exported",
      row("leads_exported", {
        actorRole: "admin",
        rowCount: 12,
        detail: { status: "new", search: false, complete: true },
      }),
      `${ANA} (admin) exported 12 leads as CSV (filtered).`,
    ],
    [
      "reward_approval_requested",
      row("reward_approval_requested", {
        lead: LEAD,
        detail: { ...money, action: "resend", reason: "other_recipient" },
      }),
      `${ANA} (staff) asked to send the $50 card of Sunrise Nursing's lead, again, to another address; waiting for a second admin (the approval).`,
    ],
    [
      "reward_approval_requested, first order",
      row("reward_approval_requested", {
        lead: LEAD,
        detail: { ...money, action: "order", reason: "other_recipient" },
      }),
      `${ANA} (staff) asked to send the $50 card of Sunrise Nursing's lead to an address other than the lead's work address; waiting for a second admin (the approval).`,
    ],
    [
      "reward_approval_requested, to the chat's gift-card address (a true reason)",
      row("reward_approval_requested", {
        lead: LEAD,
        detail: { ...money, action: "order", reason: "other_recipient", recipientOrigin: "chat_gift_card" },
      }),
      `${ANA} (staff) asked to send the $50 card of Sunrise Nursing's lead to the gift-card address the lead typed in the chat, not the confirmed work address; waiting for a second admin (the approval).`,
    ],
    [
      "reward_approval_declined, sent again to an address staff typed",
      row("reward_approval_declined", {
        actorRole: "admin",
        lead: LEAD,
        detail: { ...money, action: "resend", reason: "other_recipient", recipientOrigin: "typed_by_staff" },
      }),
      `${ANA} (admin) declined the request to send the $50 card of Sunrise Nursing's lead, again, to an address typed by staff, neither the lead's work address nor the one given in the chat (the approval).`,
    ],
    [
      "reward_approval_approved",
      row("reward_approval_approved", {
        actorRole: "admin",
        lead: LEAD,
        detail: { ...money, step: "bonus_sent", action: "order", reason: "same_verifier", note: "Checked" },
      }),
      `${ANA} (admin) approved the request to send the $250 bonus of Sunrise Nursing's lead, verified and filled by one person (the approval): “Checked”.`,
    ],
    [
      "reward_approval_declined",
      row("reward_approval_declined", {
        actorRole: "admin",
        lead: null,
        detail: { ...money, action: "resend", reason: "other_recipient" },
      }),
      `${ANA} (admin) declined the request to send the $50 card of a lead, again, to another address (the approval).`,
    ],
    [
      "reward_flagged",
      row("reward_flagged", { actorEmail: null, lead: LEAD, detail: { leadId: LEAD.id, rewardId: "r" } }),
      "The rewards provider held the card of Sunrise Nursing's lead for a fraud review.",
    ],
    [
      "reward_released",
      row("reward_released", { actorRole: "admin", lead: LEAD, detail: { leadId: LEAD.id } }),
      `${ANA} (admin) released the held card of Sunrise Nursing's lead.`,
    ],
    [
      "reward_blocked",
      row("reward_blocked", { actorRole: "admin", lead: LEAD, detail: { leadId: LEAD.id } }),
      `${ANA} (admin) blocked the held card of Sunrise Nursing's lead.`,
    ],
    [
      "privacy_erased",
      row("privacy_erased", { actorRole: "admin", rowCount: 3, detail: { request: "q", subject: "email" } }),
      `${ANA} (admin) erased a person (found by e-mail address): 3 records.`,
    ],
    [
      "privacy_erase_deferred",
      row("privacy_erase_deferred", { actorRole: "admin", rowCount: 1, detail: { subject: "phone" } }),
      `${ANA} (admin) asked to erase a person (found by phone number); waiting for a card in flight to settle.`,
    ],
    [
      "privacy_exported",
      row("privacy_exported", { actorRole: "admin", detail: { subject: "lead_id" } }),
      `${ANA} (admin) handed over a person's data (found by lead).`,
    ],
    [
      "privacy_opted_out",
      row("privacy_opted_out", { actorRole: "admin", rowCount: 1, detail: { subject: "email" } }),
      `${ANA} (admin) recorded that a person (found by e-mail address) asked not to be contacted: 1 lead.`,
    ],
  ])("%s", (_, input, sentence) => {
    expect(say(input)).toBe(sentence);
  });

  it("says every kind of event in words, never a raw key, id or mechanism", () => {
    // Every kind the log can hold (the one list), so a new kind without its sentence fails here.
    const kinds = SECURITY_EVENT_KINDS;
    for (const kind of kinds) {
      const text = say(row(kind, { actorEmail: COMMAND_LINE_ACTOR, lead: LEAD, detail: money }));
      expect(text).not.toMatch(/_|leadId|approvalId|npm run|[0-9a-f]{8}-/);
      expect(text).toMatch(/\.$/);
    }
  });

  it("links the lead and the approval, and keeps e-mails as their own pieces", () => {
    const parts = securityEventSentence(
      row("reward_approval_requested", {
        lead: LEAD,
        detail: { ...money, action: "resend", reason: "other_recipient" },
      }),
    );
    expect(parts).toContainEqual({ email: ANA });
    expect(parts).toContainEqual({ lead: LEAD.id, text: "Sunrise Nursing's lead" });
    expect(parts).toContainEqual({ approval: APPROVAL, text: "the approval" });
  });

  it("keeps the name of a kind it does not know", () => {
    expect(say(row("sign_in", { kind: "something_new" }))).toBe(`${ANA} (staff): something_new.`);
  });
});
