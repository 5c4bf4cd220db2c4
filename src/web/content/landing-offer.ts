import { siteConfig } from "../site-config";

/** Landing page copy, last part (spec 1, 2.1, 9): incentive card, limited onboarding, final CTA, sticky bar. */
export const INCENTIVE_COPY = {
  badge: "Limited offer for decision-makers",
  heading: "Get a $50 Visa gift card for your 7-minute demo",
  body: "Qualify in about 2 minutes and we send a $50 Visa gift card, emailed or sent within 24 hours after role verification, plus $250 more after your first filled shift.",
  points: ["$50 Visa gift card after qualifying", "$250 more after your first filled shift", "Takes about 2 minutes"],
  fineprint:
    "For directors of nursing, schedulers and administrators of healthcare facilities. We verify the requester's role to prevent abuse of the incentive, and credentials are verified before gift cards are processed.",
  button: "Claim My $50 Gift Card",
} as const;

export const ONBOARDING_COPY = {
  heading: "Limited onboarding this quarter",
  body: "To keep match times fast, we onboard only 15 new facilities per region per quarter.",
} as const;

export const FINAL_CTA_COPY = {
  heading: "Ready to stop scrambling for coverage?",
  body: "Book your demo today and have credentialed nurses on your schedule within 48 hours.",
  demoButton: "Book My Demo",
  contactHeading: "Talk to our team",
  phoneLabel: "Call toll-free",
  emailLabel: "Email",
  locationLabel: "Office",
  location: `${siteConfig.address.city}, ${siteConfig.address.region}`,
} as const;

export const STICKY_CTA_COPY = {
  label: "Quick actions",
  demoButton: "Get My Demo",
  call: "Call",
} as const;
