import { TRAFFIC_SOURCES, type TrafficSource } from "../../domain/enumerations";

/**
 * The utm_* parameters of the page URL, kept with a landing-page lead. Cleaned to what the
 * server accepts (UtmSchema: lower-case keys, values of at most 200 characters, at most 10
 * keys) so an odd campaign link can never make a lead fail validation.
 */
const UTM_KEY = /^utm_[a-z0-9_]{1,40}$/;
const MAX_UTM_PARAMS = 10;
const MAX_UTM_VALUE = 200;

export type UtmParams = Record<string, string>;

export function parseUtm(search: string): UtmParams {
  const utm: UtmParams = {};
  for (const [rawKey, rawValue] of new URLSearchParams(search)) {
    const key = rawKey.toLowerCase();
    const value = rawValue.trim().slice(0, MAX_UTM_VALUE);
    if (!UTM_KEY.test(key) || !value || key in utm) continue;
    if (Object.keys(utm).length >= MAX_UTM_PARAMS) break;
    utm[key] = value;
  }
  return utm;
}

/** utm_source=LinkedIn -> "linkedin": a source that matches a traffic source by value or label. */
export function trafficSourceFromUtm(utm: UtmParams): TrafficSource | undefined {
  const source = utm.utm_source?.trim().toLowerCase();
  if (!source) return undefined;
  return TRAFFIC_SOURCES.find((option) => option.value === source || option.label.toLowerCase() === source)?.value;
}
