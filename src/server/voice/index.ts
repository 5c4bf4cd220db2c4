/** The voice call (decision 0018): the door. The assistant's webhook and the chat's "may I call" check, as plugins. */

export { voicePublicRoutes } from "./voice-call-check-routes";
export { voiceEventRoutes } from "./voice-events";
