/** Copy of our text qualification chat (decision 0011). The questions themselves are in src/domain/qualification-questions.ts. */
export const QUALIFICATION_CHAT_COPY = {
  logLabel: "Qualification chat",
  assistant: "Assistant",
  you: "You",
  loading: "Loading the chat…",
  greetingKnown: (firstName: string, facilityName: string) =>
    `Hi ${firstName}! Let's qualify ${facilityName} for the $50 Visa gift card. It takes about 2 minutes: one question at a time.`,
  contactTitle: "Before we start",
  contactIntro: "Tell us who you are and where you work. It takes about 2-3 minutes in all.",
  contactExpired: "Your earlier chat has expired. Please tell us who you are again to start a new one.",
  contactSubmit: "Start the chat",
  contactSubmitting: "Starting...",
  contactGroupYou: "About you",
  contactGroupFacility: "Your facility",
  privacyNote: "We use your details only to qualify you and to talk about staffing services. Read our",
  send: "Send",
  sending: "Sending...",
  sendAgain: "Send again",
  notSent: "Not sent yet",
  sendFailed: "Your answer was not sent. Check your connection and send it again.",
  change: "Change",
  changeLabel: (topic: string) => `Change your answer: ${topic}`,
  changing: "Sure, let's change that.",
  keepAnswer: "Keep my answer",
  outcomes: {
    qualified: {
      title: "You qualify for the $50 card",
      body: "Your $50 Visa gift card is emailed or sent within one day after role verification, plus $250 after the first filled shift. Our team will call you to verify your role and talk through your staffing needs.",
    },
    not_decision_maker: {
      title: "Thank you for your answers!",
      body: "The gift-card offer is for directors of nursing, schedulers and administrators. Our team will still call you about your facility's staffing needs.",
    },
    nurse: {
      title: "Looking for work? Join our Talent Network!",
      body: "This offer is for facilities hiring staff. Nurses apply to our Talent Network instead: it takes a minute, and our team will be in touch shortly.",
    },
    needs_review: {
      title: "Thank you for your answers!",
      body: "Our team will review them and call you.",
    },
  },
  applyNurse: "Apply to our Talent Network",
  /** Under the outcome: the next steps, the code first. */
  nextStepsLabel: "Your next steps",
} as const;
