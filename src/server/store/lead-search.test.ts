import { beforeAll, describe, expect, it } from "vitest";
import { LeadRequestSchema } from "../../domain/facility-lead";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { listLeads } from "./console-queries";
import { facilityLeadRow } from "../test-support/repositories";
import { facilityLeads } from "./schema";

/** The leads searched, oldest first (one minute apart). */
const LEADS = {
  grove: { facilityName: "Maple Grove Nursing", firstName: "Ann", lastName: "Lee", email: "ann@maple.example" },
  smithMail: { facilityName: "Cedar Rehab", firstName: "Jo", lastName: "Park", email: "jo.smith@cedar.example" },
  smithName: { facilityName: "Oak Care", firstName: "Pat", lastName: "Smith", email: "pat@oak.example" },
  smithPrefix: { facilityName: "Elm Care", firstName: "Lee", lastName: "Smithers", email: "lee@elm.example" },
  phone: {
    facilityName: "Birch Home",
    firstName: "Kim",
    lastName: "Ng",
    email: "kim@birch.example",
    phone: "(555) 010-0199",
  },
  apostrophe: { facilityName: "Pine Clinic", firstName: "Sean", lastName: "O'Brien", email: "sean@pine.example" },
  percent: { facilityName: "100% Care", firstName: "Max", lastName: "Roe", email: "max@care.example" },
  underscore: { facilityName: "Ash Rehab", firstName: "Bo", lastName: "Dee", email: "bo_dee@ash.example" },
  backslash: { facilityName: "Yew \\ Holly", firstName: "Al", lastName: "Fox", email: "al@yew.example" },
} as const;
type Name = keyof typeof LEADS;

/**
 * `count` leads, one a second, newest last, e-mailed `${prefix}${n}@care.example`; those `needle(n)`
 * picks are in "Old `needleName` ${n}", the rest in "`prefix` Care ${n}". Answers the needles' ids,
 * newest first.
 */
async function seedNumberedLeads(
  store: TestStore,
  {
    count,
    prefix,
    needleName,
    needle,
  }: { count: number; prefix: string; needleName: string; needle: (n: number) => boolean },
): Promise<string[]> {
  const start = Date.now() - 86_400_000;
  const needles: string[] = [];
  const rows = Array.from({ length: count }, (_, n) => {
    const lead = LeadRequestSchema.parse(
      homepageLead({
        email: `${prefix.toLowerCase()}${n}@care.example`,
        facilityName: needle(n) ? `Old ${needleName} ${n}` : `${prefix} Care ${n}`,
      }),
    );
    const row = facilityLeadRow(lead, { clientIp: "127.0.0.1", userAgent: "test", now: new Date(start + n * 1000) });
    if (needle(n)) needles.unshift(row.id!);
    return { ...row, isSpam: false, submissionHash: `hash-${n}` };
  });
  for (let i = 0; i < rows.length; i += 500) await store.db.insert(facilityLeads).values(rows.slice(i, i + 500));
  return needles;
}

/** Every page of a search, `pageSize` at a time, following the cursor: the ids in order. */
async function everyPage(store: TestStore, q: string, pageSize: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listLeads(store.db, { q, ...(cursor ? { cursor } : {}) }, new Date(), pageSize);
    seen.push(...page.leads.map((lead) => lead.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return seen;
}

describe.each(STORE_KINDS)("the console's search, a word anywhere (%s)", (kind) => {
  let store: TestStore;
  useTestStore(kind, (made) => (store = made), { resetAfterEach: false });
  const ids = {} as Record<Name, string>;

  beforeAll(async () => {
    const start = Date.now() - 3_600_000;
    let n = 0;
    for (const [name, fields] of Object.entries(LEADS) as [Name, (typeof LEADS)[Name]][]) {
      const lead = LeadRequestSchema.parse(homepageLead({ phone: `(555) 010-${1000 + n}`, ...fields }));
      const row = facilityLeadRow(lead, {
        clientIp: "127.0.0.1",
        userAgent: "test",
        now: new Date(start + n++ * 60_000),
      });
      await store.db.insert(facilityLeads).values({ ...row, isSpam: false, submissionHash: `hash-${name}` });
      ids[name] = row.id!;
    }
  });

  const search = async (q: string, extra: Record<string, string> = {}) =>
    (await listLeads(store.db, { q, ...extra })).leads.map((lead) => lead.id);

  it("finds a word in the middle of a facility's name", async () => {
    expect(await search("grove")).toEqual([ids.grove]);
    expect(await search("GROVE nurs")).toEqual([ids.grove]);
  });

  it("ranks the whole of a field first, then its start, then the rest, newest first within each", async () => {
    // "Smith" is a last name (whole), the start of "Smithers", and inside "jo.smith@".
    expect(await search("smith")).toEqual([ids.smithName, ids.smithPrefix, ids.smithMail]);
  });

  it("finds part of an e-mail and the last digits of a phone", async () => {
    expect(await search("smith@cedar")).toEqual([ids.smithMail]);
    expect(await search("0199")).toEqual([ids.phone]);
    expect(await search("010-0199")).toEqual([ids.phone]);
  });

  it("finds a name with an apostrophe", async () => {
    expect(await search("o'brien")).toEqual([ids.apostrophe]);
    expect(await search("'bri")).toEqual([ids.apostrophe]);
  });

  it("matches LIKE's own characters literally", async () => {
    expect(await search("100% c")).toEqual([ids.percent]);
    expect(await search("% care")).toEqual([ids.percent]);
    expect(await search("o_dee")).toEqual([ids.underscore]);
    expect(await search("bo_")).toEqual([ids.underscore]);
    expect(await search("yew \\ h")).toEqual([ids.backslash]);
    expect(await search("%%")).toEqual([]);
    expect(await search("%%%")).toEqual([]);
    expect(await search("o%d")).toEqual([]);
  });

  it("finds a term without three letters or digits in a row at the whole or the start of a field only", async () => {
    // "Ng" is Kim's last name; "ng" is inside "Maple Grove Nursing" too, which it does not find.
    expect(await search("ng")).toEqual([ids.phone]);
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    expect(await search("o_d")).toEqual([]);
    expect(await search("bo")).toEqual([ids.underscore]);
    expect(await search("bo_d")).toEqual([ids.underscore]);
  });

  it("keeps the other filters with a search", async () => {
    expect(await search("grove", { status: "new" })).toEqual([ids.grove]);
    expect(await search("grove", { status: "qualified" })).toEqual([]);
  });

  it("pages through the rank groups with the cursor, each lead once", async () => {
    expect(await everyPage(store, "smith", 1)).toEqual([ids.smithName, ids.smithPrefix, ids.smithMail]);
  });
});

describe.each(STORE_KINDS)("the console's search beyond the newest 2,000 leads (%s)", (kind) => {
  let store: TestStore;
  useTestStore(kind, (made) => (store = made), { resetAfterEach: false });
  let needles: string[] = [];

  beforeAll(async () => {
    // 2,100 leads; three match "zanzibar": the newest (among the newest 2,000, read first), and two
    // older than those (found by the second read of a tier).
    needles = await seedNumberedLeads(store, {
      count: 2100,
      prefix: "Filler",
      needleName: "Zanzibar Home",
      needle: (n) => n === 10 || n === 50 || n === 2090,
    });
  });

  it("finds the older matches after the newest ones, newest first, each once across pages", async () => {
    expect((await listLeads(store.db, { q: "zanzibar" })).leads.map((lead) => lead.id)).toEqual(needles);
    expect(await everyPage(store, "zanzibar", 1)).toEqual(needles);
    // A prefix match (tier 1) older than the newest 2,000 leads, and none of a term nowhere.
    expect((await listLeads(store.db, { q: "filler5@" })).leads).toHaveLength(1);
    expect((await listLeads(store.db, { q: "filler5@care.example" })).leads).toHaveLength(1);
    expect((await listLeads(store.db, { q: "nowhere at all" })).leads).toEqual([]);
  });
});

describe.each(STORE_KINDS)("the console's search of a term a few in a thousand leads hold (%s)", (kind) => {
  let store: TestStore;
  useTestStore(kind, (made) => (store = made), { resetAfterEach: false });
  let needles: string[] = [];

  beforeAll(async () => {
    // 6,000 leads. "kestrel" is inside 13 of the newest 2,000 (dense enough for a second walk,
    // which at that density reads ~2,500 more for a page of 20, finding none) and inside 14 of the
    // oldest 1,500, beyond that walk (found by the index).
    needles = await seedNumberedLeads(store, {
      count: 6000,
      prefix: "Walk",
      needleName: "Kestrelwood",
      needle: (n) => (n >= 4000 && n % 160 === 0) || (n < 1500 && n % 110 === 7),
    });
  });

  it("finds every match newest first, each once across pages, past the walks", async () => {
    expect(needles).toHaveLength(27);
    expect(await everyPage(store, "estrel", 20)).toEqual(needles);
  });
});
