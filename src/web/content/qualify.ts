/** Copy of the qualification page (spec 2.2, 5.4). */
export const QUALIFY_COPY = {
  eyebrow: "$50 Visa gift card for qualified facilities",
  heading: "Qualify for Your $50 Gift Card",
  intro: "Three short steps, about 2 minutes. Tell us about your facility and your staffing needs.",
  formLabel: "Qualification form",
  progressLabel: "Qualification progress",
  stepHeadings: {
    1: "Tell us about your facility",
    2: "What are your staffing needs?",
    3: "Almost done!",
  },
  requiredNote: "All fields are required unless marked optional.",
  facilityNamePlaceholder: "e.g. Sunrise Care Center",
  incompleteHint: {
    1: "Fill in all three fields to continue.",
    2: "Choose at least one role, an urgency and at least one shift type to continue.",
    3: "Complete your contact details, a 10-digit phone number, how you heard about us and the consent box to submit.",
  },
  nextSteps: {
    title: "What happens after you submit",
    body: "Our team will call you at a time you pick, or you can use our chat to qualify instantly on the next page.",
  },
  notice: {
    title: "Important Notice",
    body: "This offer is exclusively for healthcare facilities and staffing decision-makers. Credentials are verified before gift cards are processed.",
    nursePrompt: "Are you a nurse looking for work?",
    applyLink: "click here to apply",
    nurseSuffix: "to join our Talent Network.",
  },
  submit: "Submit & Qualify",
  trust: ["HIPAA secure", "Background checked", "50-state credentialing", "Liability insured"],
} as const;
