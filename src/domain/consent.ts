/** The consent text of spec 5.5, shown beside the checkbox on both facility forms. */
export const CONSENT_TEXT =
  "I agree to receive SMS and phone communications about staffing services. " +
  "Message and data rates may apply. Message frequency varies. " +
  "Consent is not a condition of purchase.";
