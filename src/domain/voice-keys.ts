/** The names under which the browser passes the lead's qualification token and id to the voice assistant (metadata and variableValues). */
export const VOICE_TOKEN_KEY = "qualificationToken";
export const VOICE_LEAD_KEY = "leadId";
/** The call variables (variableValues) the assistant's first message and instructions greet with. */
export const VOICE_FIRST_NAME_KEY = "firstName";
export const VOICE_FACILITY_KEY = "facilityName";
/** Where the voice provider sends its server messages (the assistant's server URL is SITE_URL + this). */
export const VOICE_EVENTS_PATH = "/api/voice/events";
/** Where the voice page asks whether its lead may be called (decision 0033: not after "do not contact"). */
export const VOICE_CALL_CHECK_PATH = "/api/voice/call-check";
