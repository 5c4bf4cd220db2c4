import { startRegistryStandIn, type RegistryStandIn } from "./registry-stand-in-server";

/**
 * TEST SUPPORT: a stand-in for the NPPES NPI Registry API 2.1 (GET /api/?version=2.1&...), a real
 * HTTP server on 127.0.0.1 serving seeded organisation records in the API's shape. What it holds
 * to, from the API's description: `organization_name` matches the whole
 * name, or its start with a trailing `*` (at least 2 characters before it), any case; `state` is
 * the LOCATION address's; `limit` at most 200; errors are HTTP 200 with `Errors`.
 */

export interface NppesSeed {
  npi: string;
  name: string;
  address: { line: string; city: string; state: string; zip: string };
  phone: string;
  taxonomy: string;
  official: { firstName: string; lastName: string; title: string; phone: string };
  /** Endpoints the organisation published (Direct addresses or URLs), as `endpoints[].endpoint`. */
  endpoints?: string[];
  /** When the NPI was enumerated and last updated (YYYY-MM-DD); by default long ago. */
  enumerationDate?: string;
  lastUpdated?: string;
  /** An organisational subpart (a unit of a larger organisation). */
  subpart?: boolean;
}

/** A record as the API answers it (only the fields we read, plus a few others it carries). */
function nppesResult(seed: NppesSeed) {
  const address = (purpose: "LOCATION" | "MAILING") => ({
    country_code: "US",
    country_name: "United States",
    address_purpose: purpose,
    address_type: "DOM",
    address_1: seed.address.line,
    address_2: "",
    city: seed.address.city,
    state: seed.address.state,
    postal_code: seed.address.zip,
    telephone_number: seed.phone,
  });
  return {
    created_epoch: "1117584000000",
    enumeration_type: "NPI-2",
    last_updated_epoch: "1700000000000",
    number: seed.npi,
    addresses: [address("MAILING"), address("LOCATION")],
    basic: {
      organization_name: seed.name,
      organizational_subpart: seed.subpart ? "YES" : "NO",
      enumeration_date: seed.enumerationDate ?? "2005-06-01",
      last_updated: seed.lastUpdated ?? "2023-11-14",
      status: "A",
      authorized_official_first_name: seed.official.firstName,
      authorized_official_last_name: seed.official.lastName,
      authorized_official_title_or_position: seed.official.title,
      authorized_official_telephone_number: seed.official.phone,
    },
    taxonomies: [{ code: "314000000X", desc: seed.taxonomy, primary: true, state: seed.address.state, license: "" }],
    identifiers: [],
    other_names: [],
    endpoints: (seed.endpoints ?? []).map((endpoint) => ({
      endpointType: "DIRECT",
      endpointTypeDescription: "Direct Messaging Address",
      endpoint,
      affiliation: "N",
      use: "DIRECT",
      useDescription: "Direct",
    })),
    practiceLocations: [],
  };
}

const errors = (description: string, field: string) => ({ Errors: [{ description, field, number: "04" }] });

function answer(seeds: NppesSeed[], query: URLSearchParams) {
  if (query.get("version") !== "2.1") return errors("Version is required and must be 2.1", "version");
  const limit = Number(query.get("limit") ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) return errors("Limit must be between 1 and 200", "limit");
  const name = (query.get("organization_name") ?? "").trim().toUpperCase();
  if (name.endsWith("*") && name.length - 1 < 2)
    return errors("Wildcard searches require at least 2 characters", "organization_name");
  const state = (query.get("state") ?? "").toUpperCase();
  // Organisations only: an individual (NPI-1) search finds none of the seeds.
  const organisations = (query.get("enumeration_type") ?? "NPI-2") === "NPI-2" ? seeds : [];
  const results = organisations
    .filter((seed) => !state || seed.address.state === state)
    .filter(
      (seed) =>
        !name ||
        (name.endsWith("*") ? seed.name.toUpperCase().startsWith(name.slice(0, -1)) : seed.name.toUpperCase() === name),
    )
    .slice(0, limit)
    .map(nppesResult);
  return { result_count: results.length, results };
}

export function startNppesStandIn(
  seeds: NppesSeed[],
  options: { port?: number; holdMs?: number } = {},
): Promise<RegistryStandIn> {
  return startRegistryStandIn(
    {
      basePath: "/api/",
      answer: (url) =>
        url.pathname === "/api/" || url.pathname === "/api" ? answer(seeds, url.searchParams) : undefined,
      errorsBody: errors("The service is temporarily unavailable", "N/A"),
    },
    options,
  );
}
