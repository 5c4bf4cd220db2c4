import type { PublicPath } from "../route-paths";
import { siteConfig } from "../site-config";

/** Title, description and indexing of every page (one place, so each is unique). */
export interface PageMeta {
  title: string;
  description: string;
  /** false: `noindex`, and left out of the sitemap. */
  indexable: boolean;
}

const brand = siteConfig.brandName;

export const PAGE_META: Record<PublicPath | "/404", PageMeta> = {
  "/": {
    title: `${brand} | Reliable CNA, LPN & RN Shift Coverage`,
    description:
      "Post a shift in 47 seconds and get matched, credentialed CNAs, LPNs and RNs in about 8 minutes. 99.1% show rate. Qualify for a $50 Visa gift card.",
    indexable: true,
  },
  "/qualify": {
    title: `Qualify for Your $50 Gift Card | ${brand}`,
    description:
      "Tell us about your facility and staffing needs in three short steps. Healthcare decision-makers receive a $50 Visa gift card after qualifying.",
    indexable: true,
  },
  "/qualifying-chat": {
    title: `Finish Qualifying | ${brand}`,
    description: "Finish your qualification by text chat or voice, then pick a time for our call.",
    indexable: false,
  },
  "/voice-agent": {
    title: `Get Qualified by Text or Voice | ${brand}`,
    description:
      "Qualify in 2-3 minutes by talking with our AI assistant or by text chat, and claim your $50 Visa gift card.",
    indexable: true,
  },
  "/thank-you": {
    title: `Thank You | ${brand}`,
    description: "Thank you. Pick a time for our call.",
    indexable: false,
  },
  "/privacy": {
    title: `Privacy Policy | ${brand}`,
    description: `What ${brand} collects through its forms, why, who receives it, and how to ask for deletion.`,
    indexable: true,
  },
  "/confirm-email": {
    title: `Confirm Your Work E-mail | ${brand}`,
    description: "Confirm the work e-mail you gave us, so we can send your $50 Visa gift card sooner.",
    indexable: false,
  },
  "/stop-contacting": {
    title: `Stop Contacting Me | ${brand}`,
    description: `Ask ${brand} to stop e-mailing and calling you about your staffing request.`,
    indexable: false,
  },
  "/call": {
    title: `Your Call With Our Team | ${brand}`,
    description: "Book, move or cancel your call with our staffing team.",
    indexable: false,
  },
  "/404": {
    title: `Page Not Found | ${brand}`,
    description: "The page you were looking for does not exist.",
    indexable: false,
  },
};

/** A page title set in the browser as the page's state changes (/call): the same form as the others. */
export const pageTitleOf = (heading: string) => `${heading} | ${brand}`;
