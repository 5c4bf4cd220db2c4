import { z } from "zod";
import { endpointAddress, endpointDomain } from "../../domain/domain-tie-rule";
import { tenDigits, type RegistryRecord } from "../../domain/verification-match";

/**
 * The registries' answers and their fields, in one place: what NPPES (NPI Registry API 2.1) and
 * CMS Provider Data (nursing homes 4pq5-n9py, hospitals xubh-q36u) call each field, checked
 * with zod and turned into `RegistryRecord`s. A field the provider renames is changed here only.
 */

const text = z.preprocess((v) => (v === null || v === undefined ? "" : String(v)), z.string());

const NppesAddress = z.object({
  address_purpose: text,
  address_1: text,
  city: text,
  state: text,
  postal_code: text,
  telephone_number: text,
});

const NppesResult = z.object({
  number: text,
  basic: z.object({
    organization_name: text,
    authorized_official_first_name: text,
    authorized_official_last_name: text,
    authorized_official_title_or_position: text,
    authorized_official_telephone_number: text,
    /** YYYY-MM-DD */
    enumeration_date: text,
    last_updated: text,
  }),
  addresses: z.array(NppesAddress).default([]),
  taxonomies: z.array(z.object({ desc: text, primary: z.boolean().default(false) })).default([]),
  /** Direct addresses and URLs the organisation published (NPPES `endpoints[].endpoint`). */
  endpoints: z.array(z.object({ endpoint: text })).catch([]),
});

/** NPPES answers errors as HTTP 200 with an `Errors` array (e.g. a name shorter than 2 characters before `*`). */
export const NppesAnswerSchema = z.object({
  result_count: z.number().optional(),
  results: z.array(NppesResult).optional(),
  Errors: z.array(z.object({ description: text, field: text }).partial()).optional(),
});

export function recordFromNppes(result: z.infer<typeof NppesResult>): RegistryRecord {
  const location = result.addresses.find((a) => a.address_purpose.toUpperCase() === "LOCATION") ?? result.addresses[0];
  const basic = result.basic;
  const taxonomy = result.taxonomies.find((t) => t.primary) ?? result.taxonomies[0];
  const endpointDomains = [
    ...new Set(result.endpoints.map((e) => endpointDomain(e.endpoint)).filter((d): d is string => d !== null)),
  ];
  const endpointAddresses = [
    ...new Set(result.endpoints.map((e) => endpointAddress(e.endpoint)).filter((a): a is string => a !== null)),
  ];
  return {
    source: "nppes",
    npi: result.number,
    name: basic.organization_name,
    address: {
      line: location?.address_1 ?? "",
      city: location?.city ?? "",
      state: location?.state ?? "",
      zip: location?.postal_code ?? "",
    },
    phone: tenDigits(location?.telephone_number),
    ...(taxonomy ? { taxonomy: taxonomy.desc } : {}),
    ...(endpointDomains.length > 0 ? { endpointDomains } : {}),
    ...(endpointAddresses.length > 0 ? { endpointAddresses } : {}),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(basic.enumeration_date) ? { enumeratedOn: basic.enumeration_date } : {}),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(basic.last_updated) ? { lastUpdatedOn: basic.last_updated } : {}),
    ...(basic.authorized_official_last_name
      ? {
          official: {
            firstName: basic.authorized_official_first_name,
            lastName: basic.authorized_official_last_name,
            title: basic.authorized_official_title_or_position,
            phone: tenDigits(basic.authorized_official_telephone_number),
          },
        }
      : {}),
  };
}

/** The CMS datasets we search, their ids and the name of each field we read. */
export const CMS_DATASETS = {
  nursing_homes: {
    id: "4pq5-n9py",
    source: "cms_nursing_home",
    fields: {
      ccn: "cms_certification_number_ccn",
      name: "provider_name",
      line: "provider_address",
      city: "citytown",
      state: "state",
      zip: "zip_code",
      phone: "telephone_number",
    },
  },
  hospitals: {
    id: "xubh-q36u",
    source: "cms_hospital",
    fields: {
      ccn: "facility_id",
      name: "facility_name",
      line: "address",
      city: "citytown",
      state: "state",
      zip: "zip_code",
      phone: "telephone_number",
    },
  },
} as const;
export type CmsDataset = keyof typeof CMS_DATASETS;

/** A datastore query's answer: the rows in `results` (other keys, such as `count` and `schema`, are not needed). */
export const CmsAnswerSchema = z.object({ results: z.array(z.record(z.string(), z.unknown())) });

export function recordFromCms(dataset: CmsDataset, row: Record<string, unknown>): RegistryRecord {
  const { source, fields } = CMS_DATASETS[dataset];
  const field = (name: keyof typeof fields) => text.parse(row[fields[name]]);
  return {
    source,
    ccn: field("ccn"),
    name: field("name"),
    address: { line: field("line"), city: field("city"), state: field("state"), zip: field("zip") },
    phone: tenDigits(field("phone")),
  };
}
