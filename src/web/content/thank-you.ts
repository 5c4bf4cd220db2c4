/** Copy of the thank-you page (spec 2.4). */
export const THANK_YOU_COPY = {
  heading: "Thank You!",
  lead: "We have received your information.",
  nextStepsTitle: "What happens next",
  nextSteps: [
    { title: "A call at the time you pick", body: "A staffing specialist calls you at the number you gave us." },
    {
      title: "We discuss your staffing needs",
      body: "Roles, shifts, urgency and how coverage works at your facility.",
    },
    { title: "$50 gift card after qualifying", body: "Your $50 Visa gift card follows once your role is verified." },
    {
      title: "Your custom staffing solution",
      body: "A plan built around your facility, with no minimums or long-term contracts.",
    },
  ],
  hotlineTitle: "24/7 Staffing Hotline",
  hotlineBody: "Need coverage right now? Call us any time, day or night.",
  returnHome: "Return to Home",
} as const;
