/** The work e-mail code's words on the site (decision 0031): the code form and the /confirm-email page. */
export const WORK_EMAIL_COPY = {
  form: {
    title: "Confirm your work e-mail to get your card sooner",
    intro: "We sent a 6-digit code to your work e-mail. Enter it here; it works for 10 minutes.",
    codeLabel: "6-digit code from your e-mail",
    codeHint: "For example 123 456",
    confirm: "Confirm",
    confirming: "Confirming...",
    newCode: "Send a new code",
    sendingNewCode: "Sending...",
  },
  page: {
    heading: "Confirm your work e-mail",
    body: "Press Confirm to tell us this work e-mail is yours. It helps us send your $50 Visa gift card sooner.",
    confirm: "Confirm",
    confirming: "Confirming...",
    missingLink:
      "This link is incomplete. Open it again from your e-mail, or enter the 6-digit code on the page where you left us your details.",
    home: "Return to Home",
  },
  confirmedTitle: "Your work e-mail is confirmed",
  confirmedBody: "Thank you. This helps us verify your role and send your card sooner.",
  failed: "We could not reach our server. Please try again.",
} as const;
