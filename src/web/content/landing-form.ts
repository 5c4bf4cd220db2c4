/** Copy of the landing-page lead form (spec 2.1) and its Thank You panel. Field labels live in form-labels.ts. */
export const FORM_SECTION_COPY = {
  heading: "Get your free 7-minute demo",
  intro:
    "Tell us what you need covered. We call at a time you pick, and qualified decision-makers receive a $50 Visa gift card.",
  points: [
    "A call from our team at a time you pick",
    "A walk-through of posting, matching and GPS check-in",
    "Your $50 Visa gift card after qualifying, plus $250 after your first filled shift",
  ],
  secure: "HIPAA secure · Your details are never sold",
} as const;

export const LANDING_HEADER_COPY = {
  navLabel: "Main",
  demoButton: "Get Demo",
} as const;

export const LANDING_FORM_COPY = {
  formLabel: "Request your staffing demo",
  steps: {
    1: {
      title: "Tell us about your facility",
      hint: "Takes about 2 minutes. All fields are required unless marked optional.",
    },
    2: { title: "What are your staffing needs?", hint: "Select every role and shift you need covered." },
    3: { title: "Almost done! How do we reach you?", hint: "We call you to schedule your 7-minute demo." },
  },
  submit: "Submit & Get Demo",
  stepAnnouncement: (step: number, title: string) => `Step ${step} of 3: ${title}`,
  privacyNote: "We use your details only to set up your demo and staffing services. Read our",
  thankYou: {
    heading: "Thank You!",
    body: "Your demo request is in. Our team will call you to schedule your 7-minute demo.",
    next: "Want your $50 Visa gift card sooner? Qualify now by voice or text in about 2-3 minutes.",
    cta: "Claim Your $50 Demo",
  },
} as const;
