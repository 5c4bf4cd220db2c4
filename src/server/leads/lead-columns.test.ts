import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildHomepagePayload, buildQualifyPayload } from "../../domain/payloads";
import { LeadRequestSchema, type HomepageLead, type QualifyLead } from "../../domain/facility-lead";
import { facilityLeads } from "../store/schema";
import { homepageLead, qualifyLead } from "../test-support/test-fixtures";
import { LEAD_COLUMNS_NOT_IN_CSV, LEAD_CSV_COLUMNS } from "./admin";
import { LEAD_COLUMNS_NOT_IN_WEBHOOK } from "./leads";

/**
 * A lead column is sent somewhere or left out on purpose: a column added to facility_leads and
 * forgotten by the CSV export or the webhooks fails here, by name (with its SQL name).
 */
function unplaced(columns: Record<string, { name: string }>, placed: readonly string[], leftOut: readonly string[]) {
  return Object.entries(columns)
    .filter(([key]) => !placed.includes(key) && !leftOut.includes(key))
    .map(([key, column]) => `${key} (${column.name})`);
}

const LEAD_COLUMNS = getTableColumns(facilityLeads);
const NOW = new Date("2026-11-20T10:00:00.000Z");
const webhookKeys = [
  ...Object.keys(buildQualifyPayload(LeadRequestSchema.parse(qualifyLead()) as QualifyLead, NOW)),
  ...Object.keys(buildHomepagePayload(LeadRequestSchema.parse(homepageLead()) as HomepageLead, NOW)),
];

describe("every column of facility_leads is exported or left out on purpose", () => {
  it("in the CSV export (LEAD_CSV_COLUMNS or LEAD_COLUMNS_NOT_IN_CSV)", () => {
    expect(unplaced(LEAD_COLUMNS, LEAD_CSV_COLUMNS, Object.keys(LEAD_COLUMNS_NOT_IN_CSV))).toEqual([]);
  });

  it("in the lead webhooks' bodies (qualify page, landing page) or LEAD_COLUMNS_NOT_IN_WEBHOOK", () => {
    expect(unplaced(LEAD_COLUMNS, webhookKeys, LEAD_COLUMNS_NOT_IN_WEBHOOK)).toEqual([]);
  });

  it("names a new column left out of both (the check can fail)", () => {
    const withNewColumn = { ...LEAD_COLUMNS, preferredLanguage: { name: "preferred_language" } };
    expect(unplaced(withNewColumn, LEAD_CSV_COLUMNS, Object.keys(LEAD_COLUMNS_NOT_IN_CSV))).toEqual([
      "preferredLanguage (preferred_language)",
    ]);
    expect(unplaced(withNewColumn, webhookKeys, LEAD_COLUMNS_NOT_IN_WEBHOOK)).toEqual([
      "preferredLanguage (preferred_language)",
    ]);
  });

  it("leaves out nothing it also sends (each list names only columns it does not carry)", () => {
    expect(
      Object.keys(LEAD_COLUMNS_NOT_IN_CSV).filter((key) => (LEAD_CSV_COLUMNS as readonly string[]).includes(key)),
    ).toEqual([]);
    expect(LEAD_COLUMNS_NOT_IN_WEBHOOK.filter((key) => webhookKeys.includes(key))).toEqual([]);
  });
});
