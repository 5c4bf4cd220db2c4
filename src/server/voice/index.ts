export { voiceCallCheckRoutes } from "./voice-call-check";
export { voiceEventRoutes } from "./voice-events";
