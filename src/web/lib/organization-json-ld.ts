import { telHref, type SiteConfig } from "../site-config";

/** schema.org Organization for every page: who we are and how to reach us (from the site config). */
export function organizationJsonLd(config: SiteConfig) {
  const telephone = telHref(config.phone).replace(/^tel:/, "");
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: config.brandName,
    url: `${config.siteUrl}/`,
    logo: `${config.siteUrl}/icon-512.png`,
    telephone,
    email: config.email,
    address: {
      "@type": "PostalAddress",
      addressLocality: config.address.city,
      addressRegion: config.address.region,
      addressCountry: config.address.country,
    },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "sales",
      telephone,
      email: config.email,
      areaServed: config.address.country,
    },
    sameAs: [config.companySiteUrl],
  };
}
