import { describe, expect, it } from "vitest";
import { registryLinks } from "./registry-links";

describe("registryLinks", () => {
  it("links NPPES by NPI and Care Compare's nursing home or hospital page by CCN", () => {
    expect(registryLinks({ npi: "1234567893", ccn: "115001", sources: ["nppes", "cms_nursing_home"] })).toEqual([
      { registry: "nppes", url: "https://npiregistry.cms.hhs.gov/provider-view/1234567893" },
      { registry: "care_compare", url: "https://www.medicare.gov/care-compare/details/nursing-home/115001" },
    ]);
    expect(registryLinks({ ccn: "11001f", sources: ["cms_hospital"] })).toEqual([
      { registry: "care_compare", url: "https://www.medicare.gov/care-compare/details/hospital/11001F" },
    ]);
  });

  it("puts nothing odd into a URL", () => {
    expect(registryLinks({ npi: "12345/../x", ccn: "11 001" })).toEqual([]);
    expect(registryLinks({})).toEqual([]);
  });
});
