import { siteConfig } from "../site-config";

/** The privacy page (/privacy), in plain words and from the site config. */
const brand = siteConfig.brandName;
const { googleTagId, adsConversionSendTo, vapiPublicKey, chatWidgetSrc } = siteConfig.integrations;

export interface PrivacySection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

export const PRIVACY_COPY = {
  heading: "Privacy Policy",
  updated: "Last updated 2025",
  intro: `This page explains, in plain words, what ${brand} collects through the forms on this website, why, who receives it, how long we keep it, and how to ask us to delete it.`,
  contactHeading: "Ask for a copy or for deletion",
  contactBody: `E-mail us from the address you used on the form, or call us, and tell us what you want: a copy of your details, a correction, or deletion. We answer within 30 days and confirm when it is done.`,
  emailLabel: "E-mail",
  phoneLabel: "Phone",
  addressLabel: "Address",
  address: `${brand}, ${siteConfig.address.city}, ${siteConfig.address.region}`,
  backHome: "Back to the home page",
} as const;

export const PRIVACY_SECTIONS: readonly PrivacySection[] = [
  {
    heading: "What our forms collect",
    paragraphs: ["We only collect what you type into our forms, plus a few technical details about the visit."],
    list: [
      "Facility demo and qualification forms: your facility's name, type and state; the roles, urgency and shifts you need; your first and last name, job title (optional), e-mail, phone number, how you heard about us, and your consent to be contacted by SMS and phone.",
      "Nurse talent-network form: your name, e-mail, phone, zip code, classification, desired job location and an optional message.",
      "With each form: the time you sent it, the page address and the page you came from, your browser's name (user agent), and any campaign tags (utm_ parameters) in the link you followed.",
    ],
  },
  {
    heading: "Why we collect it",
    paragraphs: [
      `To call or text you about the staffing services you asked about, to verify that the requester is a facility decision-maker before a gift card is processed, to match nurses with shifts, and to learn which of our campaigns reach the right people. We do not sell your details.`,
    ],
  },
  {
    heading: "Who receives it",
    paragraphs: [
      `${brand} receives every form. To handle it, we forward it to services that work for us and only on our instructions:`,
    ],
    list: [
      "Our workflow automation service, which passes facility leads to our sales and scheduling team.",
      "Our form-processing service, which delivers nurse applications to our recruiting team.",
      "Our hosting provider, which stores the forms on our behalf.",
      ...(googleTagId || adsConversionSendTo
        ? ["Google Analytics and Google Ads, which count visits and form sends (without your name, e-mail or phone)."]
        : []),
      ...(vapiPublicKey
        ? ["Our voice AI provider, when you choose to qualify by voice call on our qualification page."]
        : []),
      ...(chatWidgetSrc ? ["Our chat provider, when you use the text chat on our qualification page."] : []),
    ],
  },
  {
    heading: "How we count where visitors leave our forms",
    paragraphs: [
      'Our own server counts, per day and per traffic source (the utm_source of the link you followed, else "direct"), how many page loads showed step 1 of the demo form or the qualification form, reached steps 2 and 3, and sent it. Each step counts once per page load. No cookie is set and nothing about you is stored with the count: not your address, not an identifier, not what you typed. Visits by known crawlers are not counted. To keep one visitor from sending more than a visitor would, the server holds a count of steps per network address (or, for IPv6, per network prefix) for a day at most, apart from the figures, and then forgets it.',
    ],
  },
  {
    heading: "How long we keep it",
    paragraphs: [
      "We keep a facility lead or a nurse application for as long as we work with you or may reasonably do so, and for no more than 24 months after our last contact. Then we delete it. Our server logs never contain names, e-mails or phone numbers.",
    ],
  },
];
