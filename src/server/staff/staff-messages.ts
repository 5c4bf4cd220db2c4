/** What the console's API answers in words (the console shows them as they are). */
export const STAFF_MESSAGES = {
  signInFailed: "The e-mail or password is not right, or the account is disabled.",
  signInThrottled: "Too many sign-in attempts. Please wait 15 minutes and try again.",
  signInRequired: "Please sign in.",
  csrfMissing: "This request was refused because it did not come from the console. Reload the page and try again.",
  adminOnly: "Only an admin can manage accounts.",
  leadNotFound: "No lead with this id.",
  applicationNotFound: "No nurse application with this id.",
  deliveryNotRetried: "This delivery has not failed, or it belongs to another lead: there is nothing to retry.",
  badCursor: "This page link is out of date. Go back to the first page.",
  accountNotFound: "No account with this id.",
  cannotDisableSelf: "You cannot disable your own account.",
} as const;
