import type { CmsSeed } from "./cms-stand-in";
import type { NppesSeed } from "./nppes-stand-in";
import type { FacilitySite } from "./facility-website-stand-in";

/**
 * TEST SUPPORT: the facilities every verification test and `npm run registries:stand-in` share
 * (invented names, 555-01xx numbers, NPIs with a valid check digit not required by the stand-in).
 */

export const SUNRISE = {
  npi: "1487000011",
  ccn: "115501",
  name: "SUNRISE NURSING & REHAB CTR, LLC",
  cmsName: "SUNRISE NURSING AND REHABILITATION CENTER",
  address: { line: "100 PEACHTREE ST NE", city: "ATLANTA", state: "GA", zip: "303031234" },
  phone: "4045550100",
  domain: "sunrise-care.example",
  official: { firstName: "DANA", lastName: "REYES", title: "ADMINISTRATOR", phone: "4045550101" },
};

export const MERCY = {
  npi: "1487000029",
  ccn: "110299",
  name: "MERCY GENERAL HOSPITAL INC",
  cmsName: "MERCY GENERAL HOSPITAL",
  address: { line: "2 HOSPITAL DR", city: "MACON", state: "GA", zip: "31201" },
  phone: "4785550120",
  domain: "mercy-general.example",
  official: { firstName: "LEE", lastName: "PARK", title: "CEO", phone: "4785550121" },
};

const OAKS = {
  npi: "1487000037",
  name: "GOLDEN OAKS ASSISTED LIVING",
  address: { line: "9 ELM ST", city: "TAMPA", state: "FL", zip: "33602" },
  phone: "8135550130",
  domain: "golden-oaks.example",
  official: { firstName: "SAM", lastName: "ORTIZ", title: "OWNER", phone: "8135550131" },
};

const PEACH = {
  npi: "1487000052",
  name: "PEACH STATE ASSISTED LIVING LLC",
  address: { line: "40 PINE RD", city: "ATHENS", state: "GA", zip: "30601" },
  phone: "7065550150",
  official: { firstName: "RAE", lastName: "COLE", title: "MANAGER", phone: "7065550151" },
};

/**
 * The health systems' Direct address and FHIR server domains, published in its facilities' NPPES
 * endpoints; each facility also publishes one on its own domain (decision 0044: the strong tie).
 */
const HEALTH_SYSTEM_ENDPOINTS = ["direct@health-system.example", "https://fhir.bücher.example/r4"];

/** When each seeded domain was registered (RDAP): the facilities' domains long ago, a look-alike last week. */
export const DOMAIN_REGISTRATIONS: Record<string, string> = {
  [SUNRISE.domain]: "2009-03-02T00:00:00Z",
  [MERCY.domain]: "2001-07-15T00:00:00Z",
  [OAKS.domain]: "2012-01-10T00:00:00Z",
  "health-system.example": "2005-05-05T00:00:00Z",
  "sunrise-care-center.example": "2026-11-20T00:00:00Z",
};

export const NPPES_SEEDS: NppesSeed[] = [
  {
    npi: SUNRISE.npi,
    name: SUNRISE.name,
    address: SUNRISE.address,
    phone: "404-555-0100",
    taxonomy: "Skilled Nursing Facility",
    endpoints: [`admissions@direct.${SUNRISE.domain}`, ...HEALTH_SYSTEM_ENDPOINTS],
    official: { ...SUNRISE.official, phone: "404-555-0101" },
  },
  {
    npi: MERCY.npi,
    name: MERCY.name,
    address: MERCY.address,
    phone: "478-555-0120",
    taxonomy: "General Acute Care Hospital",
    endpoints: [`https://fhir.${MERCY.domain}/r4`, ...HEALTH_SYSTEM_ENDPOINTS],
    official: { ...MERCY.official, phone: "478-555-0121" },
  },
  {
    npi: OAKS.npi,
    name: OAKS.name,
    address: OAKS.address,
    phone: "813-555-0130",
    taxonomy: "Assisted Living Facility",
    endpoints: [`frontdesk@${OAKS.domain}`],
    official: { ...OAKS.official, phone: "813-555-0131" },
  },
  {
    npi: PEACH.npi,
    name: PEACH.name,
    address: PEACH.address,
    phone: "706-555-0150",
    taxonomy: "Assisted Living Facility",
    endpoints: HEALTH_SYSTEM_ENDPOINTS,
    official: { ...PEACH.official, phone: "706-555-0151" },
  },
  {
    npi: "1487000045",
    name: "SUNRISE HOME HEALTH SERVICES",
    address: { line: "7 OAK AVE", city: "SAVANNAH", state: "GA", zip: "31401" },
    phone: "912-555-0140",
    taxonomy: "Home Health",
    official: { firstName: "ANA", lastName: "LIU", title: "DIRECTOR", phone: "912-555-0141" },
  },
];

export const CMS_NURSING_HOMES: CmsSeed[] = [
  { ccn: SUNRISE.ccn, name: SUNRISE.cmsName, address: { ...SUNRISE.address, zip: "30303" }, phone: "(404) 555-0100" },
];
export const CMS_HOSPITALS: CmsSeed[] = [
  { ccn: MERCY.ccn, name: MERCY.cmsName, address: MERCY.address, phone: "(478) 555-0120" },
];

/** The facilities' websites: Sunrise shows its phone, Mercy only its price file, the look-alike neither. */
export const FACILITY_SITES: Record<string, FacilitySite> = {
  [SUNRISE.domain]: { home: `<footer>Call us: <a href="tel:+14045550100">(404)&nbsp;555-0100</a></footer>` },
  [MERCY.domain]: {
    home: "<h1>Mercy General</h1><p>Main line: 478.555.0199</p>",
    wellKnownPriceFile:
      "location-name: Mercy General Hospital\nsource-page-url: https://mercy-general.example/prices\nmrf-url: https://mercy-general.example/mrf.json\n",
  },
  /** One health system's domain for all three Georgia facilities. */
  "health-system.example": {
    home: "<ul><li>Sunrise (404) 555-0100</li><li>Mercy (478) 555-0120</li><li>Peach State (706) 555-0150</li></ul>",
  },
  "sunrise-care-center.example": { home: "<h1>Sunrise Care Center</h1><p>Call 404-555-9999</p>" },
};
