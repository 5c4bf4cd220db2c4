/** What the console's API answers in words (the console shows them as they are). */
export const STAFF_MESSAGES = {
  // One answer for a wrong password, an unknown e-mail, a disabled account and a throttled try.
  signInFailed:
    "The e-mail or password is not right, the account is disabled, or there were too many tries. Check them and try again in a minute.",
  codeFailed: "The code is not right, or there were too many tries. Check it and try again in a minute.",
  finishSignIn: "Finish signing in first: enter the code from your authenticator app, or set one up.",
  consoleOnly: "This request was refused because it did not come from the console.",
  currentPasswordWrong: "Your current password is not right, or there were too many tries. Try again in a minute.",
  noEnrolment: "Start setting up the second factor again: this key was not shown to you.",
  signInRequired: "Please sign in.",
  csrfMissing: "This request was refused because it did not come from the console. Reload the page and try again.",
  adminOnly: "Only an admin can do this.",
  leadNotFound: "No lead with this id.",
  applicationNotFound: "No nurse application with this id.",
  deliveryNotRetried: "This delivery has not failed, or it belongs to another lead: there is nothing to retry.",
  badCursor: "This page link is out of date. Go back to the first page.",
  accountNotFound: "No account with this id.",
  cannotDisableSelf: "You cannot disable your own account.",
} as const;
