/** Copy of /qualifying-chat, shown after the qualification page's submit (spec 2, table). */
export const QUALIFYING_CHAT_COPY = {
  greetingNamed: (firstName: string) => `Thank you, ${firstName}!`,
  greetingGeneric: "Thank you for your interest!",
  receivedFacility: (facilityName: string) => `We have received the details for ${facilityName}.`,
  receivedGeneric: "You are one step away from your $50 Visa gift card.",
  nextTitle: "What happens next",
  nextBody: "A member of our team will call you to verify your role and talk through your staffing needs.",
  /** The page's heading once the chat has ended. */
  endedHeading: { qualified: "You qualify", other: "Thank you for your answers" },
  chatEndedTitle: "Your qualification chat",
  qualifyNowTitle: "Qualify now in 2-3 minutes",
  qualifyNowBody:
    "Don't want to wait for our call? Answer a few quick questions in the chat below and finish qualifying right away.",
  chatTitle: "Text Qualification Chat",
  voiceTitle: "Prefer to talk?",
  voiceBody: "Our AI assistant can qualify you by voice in about 2-3 minutes.",
  voiceLink: "Start Voice Qualification",
  phoneTitle: "Rather speak with a person?",
  phoneBody: "Call our 24/7 staffing hotline:",
} as const;
