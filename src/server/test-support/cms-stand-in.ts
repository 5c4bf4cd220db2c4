import { startRegistryStandIn, type RegistryStandIn } from "./registry-stand-in-server";

/**
 * TEST SUPPORT: a stand-in for CMS Provider Data's datastore API (GET
 * /provider-data/api/1/datastore/query/{datasetId}/0), a real HTTP server on 127.0.0.1 with
 * seeded nursing homes (4pq5-n9py) and hospitals (xubh-q36u) under the datasets' field
 * names. Conditions `conditions[i][property|value|operator]` with `=` and `LIKE` (`%` any run,
 * any case), all of them holding; `limit`; the answer `{ results, count, query }`.
 */

export interface CmsSeed {
  ccn: string;
  name: string;
  address: { line: string; city: string; state: string; zip: string };
  /** As CMS writes it, e.g. "(404) 555-0100" or "4045550100". */
  phone: string;
}

const nursingHomeRow = (seed: CmsSeed) => ({
  cms_certification_number_ccn: seed.ccn,
  provider_name: seed.name,
  provider_address: seed.address.line,
  citytown: seed.address.city,
  state: seed.address.state,
  zip_code: seed.address.zip,
  telephone_number: seed.phone,
  provider_type: "Medicare and Medicaid",
});

const hospitalRow = (seed: CmsSeed) => ({
  facility_id: seed.ccn,
  facility_name: seed.name,
  address: seed.address.line,
  citytown: seed.address.city,
  state: seed.address.state,
  zip_code: seed.address.zip,
  countyparish: "",
  telephone_number: seed.phone,
  hospital_type: "Acute Care Hospitals",
});

const likePattern = (value: string) =>
  new RegExp(
    `^${value
      .split("%")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
    "i",
  );

function conditionsOf(query: URLSearchParams): Array<{ property: string; value: string; operator: string }> {
  const conditions = [];
  for (let i = 0; query.has(`conditions[${i}][property]`); i++) {
    conditions.push({
      property: query.get(`conditions[${i}][property]`) ?? "",
      value: query.get(`conditions[${i}][value]`) ?? "",
      operator: (query.get(`conditions[${i}][operator]`) ?? "=").toUpperCase(),
    });
  }
  return conditions;
}

function answer(rows: Array<Record<string, string>>, query: URLSearchParams) {
  const conditions = conditionsOf(query);
  const limit = Math.min(Number(query.get("limit") ?? 500), 500);
  const results = rows
    .filter((row) =>
      conditions.every(({ property, value, operator }) => {
        const field = row[property] ?? "";
        return operator === "LIKE" ? likePattern(value).test(field) : field.toUpperCase() === value.toUpperCase();
      }),
    )
    .slice(0, limit);
  return { results, count: results.length, query: { limit, conditions } };
}

export function startCmsStandIn(
  seeds: { nursingHomes?: CmsSeed[]; hospitals?: CmsSeed[] },
  options: { port?: number; holdMs?: number } = {},
): Promise<RegistryStandIn> {
  const datasets: Record<string, Array<Record<string, string>>> = {
    "4pq5-n9py": (seeds.nursingHomes ?? []).map(nursingHomeRow),
    "xubh-q36u": (seeds.hospitals ?? []).map(hospitalRow),
  };
  return startRegistryStandIn(
    {
      basePath: "/provider-data/api/1",
      answer: (url) => {
        const found = /^\/provider-data\/api\/1\/datastore\/query\/([a-z0-9-]+)\/0$/.exec(url.pathname);
        const rows = found ? datasets[found[1]!] : undefined;
        return rows ? answer(rows, url.searchParams) : undefined;
      },
      errorsBody: { message: "Service temporarily unavailable", status: 503 },
    },
    options,
  );
}
