import { describe, expect, it } from "vitest";
import { siteConfig } from "../site-config";
import { organizationJsonLd } from "./organization-json-ld";

describe("organizationJsonLd", () => {
  it("names the organization with its phone, e-mail and Alpharetta, GA address", () => {
    const data = organizationJsonLd(siteConfig);
    expect(data).toMatchObject({
      "@type": "Organization",
      name: siteConfig.brandName,
      telephone: "+18885550142",
      email: siteConfig.email,
      address: { addressLocality: "Alpharetta", addressRegion: "GA", addressCountry: "US" },
    });
  });
});
