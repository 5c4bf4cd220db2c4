import type { Option } from "../../../domain/enumerations";

/** "America/New_York" as "America – New York (Eastern Standard Time)". */
function zoneLabel(zone: string, now: Date): string {
  const place = zone.replaceAll("_", " ").replace("/", " – ");
  try {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "long" })
      .formatToParts(now)
      .find((part) => part.type === "timeZoneName")?.value;
    return name ? `${place} (${name})` : place;
  } catch {
    return place;
  }
}

/**
 * The time zones offered for one's availability (issue 50): the viewer's own first, then the one
 * saved (when another), then every zone the browser knows, named in words.
 */
export function zoneOptions(saved: string, now = new Date()): Option[] {
  const viewer = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const zones = [...new Set([viewer, saved, ...all].filter(Boolean))];
  return zones.map((zone) => ({ value: zone, label: zoneLabel(zone, now) }));
}
