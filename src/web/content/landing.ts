import { siteConfig } from "../site-config";

/** Landing page copy, first half (spec 1, 2.1): hero, trust strip, How It Works, stats, second CTA. */
const brand = siteConfig.brandName;

export const HERO_COPY = {
  eyebrow: "CNA, LPN & RN shift coverage",
  headline: "Fill open shifts with credentialed nurses in minutes, not days",
  lead: `Post a shift in 47 seconds. ${brand} matches qualified CNAs, LPNs and RNs in about 8 minutes, with a 99.1% show rate over 90 days.`,
  points: ["First match under 15 minutes", "48-hour go-live", "No minimums or long-term contracts"],
  demoButton: "Get My Free Demo",
  callPrompt: "Or call us toll-free",
  card: {
    label: "Example of a matched shift",
    shift: "RN · Night Shift · Tonight 7p-7a",
    status: "Matched in 8 min",
    nurse: "Jasmine R., RN",
    score: "Match score 97",
    badges: ["License verified", "Background cleared", "BLS current"],
    eta: "GPS check-in · ETA 18 min",
  },
} as const;

export const TRUST_COPY = {
  heading: "Trusted by skilled nursing, assisted living and hospital teams",
  logos: ["Magnolia Senior Living", "Peachtree Rehab", "Northside Care Centers", "Riverbend Health", "Cedar Point SNF"],
  badges: ["HIPAA secure", "Background checked", "50-state credentialing", "Liability insured"],
} as const;

export const HOW_IT_WORKS_COPY = {
  heading: "How It Works",
  intro: "From open shift to a nurse on the floor, with every step visible to your schedulers.",
  steps: [
    {
      title: "Post a shift",
      body: "Pick the role, unit and time. The average posting takes 47 seconds, from your phone or desktop.",
    },
    {
      title: "Get matched CNAs, LPNs & RNs",
      body: "Qualified clinicians are matched with scores and compliance badges, so you see who fits before you confirm.",
    },
    {
      title: "Track arrival live",
      body: "GPS check-in and a live ETA show who is on the way. If anyone no-shows, we backfill instantly and credit the shift.",
    },
  ],
  statsHeading: "Results across our network",
  stats: [
    { value: "99.1%", label: "show rate over 90 days" },
    { value: "6,842", label: "shifts covered" },
    { value: "214", label: "facilities" },
    { value: "47 seconds", label: "average posting time" },
    { value: "8 minutes", label: "average match time" },
  ],
} as const;

export const SECOND_CTA_COPY = {
  heading: "Live in two days, with the systems you already use",
  body: "No IT project and no long setup: we connect to how your team already schedules, and you can post your first shift the day you go live.",
  points: ["Time-and-attendance integration by email", "API integration available", "Flat fee", "Cancel anytime"],
  demoButton: "Schedule My Demo",
} as const;
