/**
 * The outbox (decisions 0004, 0023): the door. The worker that sends every stored delivery (webhooks and
 * e-mail) with retries, and the forwarding destinations read from the config.
 */

export { DESTINATION_OF_FORM, destinationUrls } from "./destinations";
export type { Destination } from "./destinations";
export { OutboxWorker } from "./outbox-worker";
export type { OutboxOptions } from "./outbox-worker";
