/**
 * The work e-mail code's answers (decision 0031), in words; the server and the forms use the same.
 * Beside messages.ts (the spec's messages), in a module of their own: every public page loads
 * messages.ts, and only the code's form and the /confirm-email page need these.
 */
export const WORK_EMAIL_CODE_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your e-mail",
  codeInvalid: "The code is 6 digits, like 123 456",
  wrong: "That code is not right. Check the 6-digit code in your e-mail and try again.",
  expired: "This code has expired. Send a new code and enter the new one.",
  used: "This code was already used. Send a new code if you need one.",
  tooManyTries: "Too many wrong codes. Send a new code and enter the new one.",
  noCode: "There is no code waiting for you. Send a new code.",
  alreadyConfirmed: "Your work e-mail is already confirmed.",
  tooSoon: "A new code can be sent once a minute. Please wait a minute and try again.",
  dailyLimit: "You have asked for 5 codes today. Please try again tomorrow, or call us.",
  linkInvalid: "This confirmation link is no longer valid. Enter the code from your e-mail, or send a new code.",
  sessionExpired: "This session has expired. Please open the link in your e-mail, or call us.",
  unavailable: "Confirming a work e-mail is not available right now. Please call us.",
  sent: "A new code is on its way. Check your work e-mail.",
  confirmed: "Your work e-mail is confirmed.",
} as const;
