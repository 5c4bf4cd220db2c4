/** TEST SUPPORT: the voice provider's stand-in (src/server/voice/vapi-stand-in.ts), for tests outside the voice capability. */
export { VapiStandIn, type CallEnding } from "../voice/vapi-stand-in";
