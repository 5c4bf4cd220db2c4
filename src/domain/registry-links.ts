/**
 * The public registry pages a staff member opens to check a matched facility (decision 0024): the
 * NPPES NPI Registry's provider view by NPI, and Medicare Care Compare by CCN (its nursing home
 * or hospital page, by the CMS dataset the CCN came from). Only digits and letters go into a URL.
 */

export interface RegistryLink {
  registry: "nppes" | "care_compare";
  url: string;
}

const NPPES_PROVIDER_VIEW = "https://npiregistry.cms.hhs.gov/provider-view/";
const CARE_COMPARE = "https://www.medicare.gov/care-compare/details/";

export function registryLinks(facility: { npi?: string; ccn?: string; sources?: readonly string[] }): RegistryLink[] {
  const links: RegistryLink[] = [];
  if (facility.npi && /^\d{10}$/.test(facility.npi))
    links.push({ registry: "nppes", url: `${NPPES_PROVIDER_VIEW}${facility.npi}` });
  if (facility.ccn && /^[0-9A-Z]{6}$/i.test(facility.ccn)) {
    const kind =
      facility.sources?.includes("cms_hospital") && !facility.sources.includes("cms_nursing_home")
        ? "hospital"
        : "nursing-home";
    links.push({ registry: "care_compare", url: `${CARE_COMPARE}${kind}/${facility.ccn.toUpperCase()}` });
  }
  return links;
}
