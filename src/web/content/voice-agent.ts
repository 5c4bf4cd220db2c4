/** Copy of the voice and text qualification page (spec 2.5). */
export const VOICE_AGENT_COPY = {
  heading: "Get Qualified - Text or Voice",
  intro:
    "Choose the way that suits you: talk with our AI assistant in a short voice call, or answer the same questions by text chat. Either way takes about 2-3 minutes and ends on its own once you are qualified.",
  waysLabel: "Two ways to qualify",
  ways: [
    {
      title: "Voice call",
      body: "Talk it through with our AI assistant from your browser.",
      href: "#voice-qualification",
    },
    { title: "Text chat", body: "Prefer typing? Answer the same questions in the chat.", href: "#text-chat" },
  ],
  instructions: {
    heading: "Instructions",
    items: [
      "Make sure your microphone is enabled and allowed for this site.",
      "Speak clearly and wait for the assistant to finish before answering.",
    ],
  },
  chatHeading: "Text Qualification Chat",
  chatIntro: "Prefer typing? Answer the same questions in the chat below.",
} as const;

/** Copy of the voice card (spec 2.5) and of its messages (better than the spec). */
export const VOICE_CARD_COPY = {
  heading: "Voice Qualification",
  readyHeading: "Ready to Start?",
  readyBody: "Talk with our AI assistant for about 2-3 minutes. Your browser will ask to use your microphone.",
  start: "Start Voice Qualification",
  connecting: "Connecting...",
  expectHeading: "What to Expect",
  expectItems: [
    "Questions about your facility type and location",
    "Your current staffing challenges",
    "Contact information for your gift card",
  ],
  assistantSpeaking: "Assistant Speaking...",
  listening: "Listening...",
  endCall: "End Call",
  transcriptLabel: "Conversation",
  transcriptEmpty: "Conversation will appear here...",
  you: "You",
  assistant: "Assistant",
  pillSpeaking: "Assistant is speaking",
  pillListening: "Your turn to speak",
  /** Start failed or the call dropped: an apology, and the way on. */
  failure: {
    lead: "Sorry, we couldn't connect the voice call.",
    beforeChat: "Please try again, use the",
  },
  /** The browser could not use the microphone (blocked, missing or in use). */
  microphoneFailure: {
    lead: "We couldn't use your microphone.",
    beforeChat: "Please allow microphone access and try again, use the",
  },
  /** The lead's person asked not to be contacted: no call is started. */
  doNotContactFailure: {
    lead: "You asked us not to contact you, so we do not start a call.",
    beforeChat: "If you changed your mind, use the",
  },
  /** No voice key or assistant configured. */
  unavailable: {
    lead: "Voice qualification is unavailable right now.",
    beforeChat: "Please use the",
  },
  chatLink: "text chat below",
  beforePhone: ", or call us at",
} as const;
