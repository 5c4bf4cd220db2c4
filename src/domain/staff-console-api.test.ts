import { describe, expect, it } from "vitest";
import type { AccountList, BuiltAs, LeadRewards, PrivacyRequestLog, RewardsMonthAnswer } from "./staff-console-api";

/*
 * The console's answers are one type for both sides: the server builds each with
 * `satisfies BuiltAs<Answer>`, the console reads it as `Answer`. The `@ts-expect-error` lines below
 * are checked by `tsc` (npm run check): each must be an error, so if `BuiltAs` stopped refusing an
 * extra field, a missing one or a wrong type, the directive itself would be the error.
 */

const at = new Date("2026-11-20T10:00:00.000Z");
const account = {
  id: "a1",
  email: "ana@provider.example",
  role: "admin",
  createdAt: at,
  disabledAt: null,
  secondFactor: true,
} as const;
const built = { accounts: [account] } satisfies BuiltAs<AccountList>;

// A field the answer does not have (a new column, the password's hash) is refused where the answer is built.
// @ts-expect-error -- `passwordHash` is not AccountList's
void ({ accounts: [{ ...account, passwordHash: "x" }] } satisfies BuiltAs<AccountList>);
// @ts-expect-error -- nor is a field beside the list
void ({ ...built, extra: 1 } satisfies BuiltAs<AccountList>);

// A field the answer has is required: the console would read it as undefined.
const { secondFactor: _, ...withoutSecondFactor } = account;
// @ts-expect-error -- `secondFactor` is missing
void ({ accounts: [withoutSecondFactor] } satisfies BuiltAs<AccountList>);
// @ts-expect-error -- `recipientEmail` is missing
void ({ enabled: true, rewards: [] } satisfies BuiltAs<LeadRewards>);

// A Date stands only where the console reads a string (it arrives as the ISO string), never for a number.
const month = { enabled: true, month: "2026-11", count: 1, limitUsd: null };
// @ts-expect-error -- `spentUsd` is a number
void ({ ...month, spentUsd: at } satisfies BuiltAs<RewardsMonthAnswer>);
// @ts-expect-error -- a number is not a time
void ({ accounts: [{ ...account, createdAt: 1 }] } satisfies BuiltAs<AccountList>);
// @ts-expect-error -- nor is a role the console does not know
void ({ accounts: [{ ...account, role: "owner" }] } satisfies BuiltAs<AccountList>);

describe("BuiltAs", () => {
  it("is what the console reads once sent as JSON: each Date its ISO string, nothing else changed", () => {
    const log = {
      requests: [
        {
          id: "r1",
          at,
          kind: "erase",
          actor: "staff:ana@provider.example",
          reference: "R-1",
          reason: "",
          subjectKind: "email",
          touched: { facility_leads: 1 },
          recordIds: ["l1"],
          follows: null,
        },
      ],
    } satisfies BuiltAs<PrivacyRequestLog>;
    const read: PrivacyRequestLog = JSON.parse(JSON.stringify(log));
    expect(read.requests[0]).toEqual({ ...log.requests[0], at: "2026-11-20T10:00:00.000Z" });
    const accounts: AccountList = JSON.parse(JSON.stringify(built));
    expect(accounts.accounts[0]?.createdAt).toBe("2026-11-20T10:00:00.000Z");
    expect(accounts.accounts[0]?.disabledAt).toBeNull();
  });
});
