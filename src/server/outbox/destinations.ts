import type { Config } from "../config";

/** Where each kind of record is forwarded (decision 0004): one destination per form, each off when unset. */
export type Destination =
  "qualify_webhook" | "homepage_webhook" | "nurse_form" | "pipeline_webhook" | "qualification_webhook";

export const DESTINATION_OF_FORM = {
  qualify_page: "qualify_webhook",
  homepage_form: "homepage_webhook",
  nurse_application: "nurse_form",
} as const satisfies Record<string, Destination>;

export function destinationUrls(config: Config): Partial<Record<Destination, string>> {
  const urls: Partial<Record<Destination, string>> = {};
  if (config.QUALIFY_WEBHOOK_URL) urls.qualify_webhook = config.QUALIFY_WEBHOOK_URL;
  if (config.HOMEPAGE_WEBHOOK_URL) urls.homepage_webhook = config.HOMEPAGE_WEBHOOK_URL;
  if (config.NURSE_FORM_URL) urls.nurse_form = config.NURSE_FORM_URL;
  if (config.PIPELINE_WEBHOOK_URL) urls.pipeline_webhook = config.PIPELINE_WEBHOOK_URL;
  if (config.QUALIFICATION_WEBHOOK_URL) urls.qualification_webhook = config.QUALIFICATION_WEBHOOK_URL;
  return urls;
}
