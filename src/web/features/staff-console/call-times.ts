/**
 * A call's time as staff read it (decision 0036): in the viewer's zone, the zone named at that
 * instant (EST or EDT).
 */

/** "Tue, Dec 1, 2:30 PM EST". */
export const whenOf = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });
