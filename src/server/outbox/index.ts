export { DESTINATION_OF_FORM, destinationUrls } from "./destinations";
export type { Destination } from "./destinations";
export { OutboxWorker } from "./outbox-worker";
export type { OutboxOptions } from "./outbox-worker";
