import type { Option } from "../../../domain/enumerations";

/** "America/New_York" as "America – New York". */
const placeOf = (zone: string) => zone.replaceAll("_", " ").replaceAll("/", " – ");

/** "America – New York (Eastern Standard Time)": the zone's name now, for the zones listed first. */
function namedZone(zone: string, now: Date): string {
  try {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "long" })
      .formatToParts(now)
      .find((part) => part.type === "timeZoneName")?.value;
    return name ? `${placeOf(zone)} (${name})` : placeOf(zone);
  } catch {
    return placeOf(zone);
  }
}

/**
 * The time zones offered for one's availability: the viewer's own first, then the one
 * saved (when another), both with their names, then UTC and every zone the browser knows.
 */
export function zoneOptions(saved: string, now = new Date()): Option[] {
  const everyZone = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const viewer = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const first = [...new Set([viewer, saved].filter(Boolean))];
  const rest = ["UTC", ...everyZone].filter((zone) => !first.includes(zone));
  return [
    ...first.map((zone) => ({ value: zone, label: namedZone(zone, now) })),
    ...rest.map((zone) => ({ value: zone, label: placeOf(zone) })),
  ];
}
