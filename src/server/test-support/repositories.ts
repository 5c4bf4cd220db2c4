/**
 * The capabilities' own repositories that other capabilities' tests (and the store's) use to
 * build a state: the harness may reach into any capability, a test only through its door or here.
 */
export { facilityLeadRow, storeFacilityLead } from "../leads/leads-repository";
export { storeVoiceReport } from "../voice/voice-calls-repository";
