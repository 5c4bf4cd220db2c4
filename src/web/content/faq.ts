/** The three landing-page questions (spec 2.1), also published as FAQPage structured data. */
export interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ_HEADING = "Frequently asked questions";

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: "How fast can we get started?",
    answer:
      "Most facilities go live within 48 hours and get their first match in under 15 minutes. We integrate with your time-and-attendance system by email, and API integration is available.",
  },
  {
    question: "Are there minimums or long-term contracts?",
    answer: "No. There are no minimums and no long-term contracts: you pay a flat fee and can cancel anytime.",
  },
  {
    question: "How are your nurses vetted?",
    answer:
      "Every CNA, LPN and RN is background checked and credentialed in all 50 states, and we are liability insured and HIPAA secure. Each match shows its score and compliance badges before you confirm.",
  },
];
