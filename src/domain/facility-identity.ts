import { parseLocation } from "parse-address";
import type { FacilityMatch } from "./verification-match";

/**
 * What one facility is known by, however it is written (decision 0042): its NPI, its CCN, its
 * registry phone, its street address after USPS normalisation (`parse-address`: "800 South Gay
 * Street" and "800 S Gay St" are one) with the ZIP, and its authorized official with the ZIP (a
 * subpart NPI beside its parent has the same official). Each key is hashed where it is stored.
 */

const zip5 = (zip: string) => zip.replace(/\D/g, "").slice(0, 5);

/** The street line in USPS form ("800 SOUTH GAY STREET" -> "800 S GAY ST"); the line squeezed and upper-cased when it cannot be parsed. */
function normalisedStreet(line: string, zip = ""): string {
  const squeezed = line.replace(/[.,#]/g, " ").replace(/\s+/g, " ").trim().toUpperCase();
  if (!squeezed) return "";
  const parsed = parseLocation(`${squeezed}, ${zip5(zip) || "00000"}`);
  if (!parsed?.number || !parsed.street) return squeezed;
  return [parsed.number, parsed.prefix, parsed.street, parsed.type, parsed.suffix]
    .filter(Boolean)
    .join(" ")
    .toUpperCase();
}

/** The facility's keys, in clear ("npi:…", "address:800 S GAY ST|37902", "official:DANA REYES|30303"). */
export function facilityIdentityKeys(match: FacilityMatch): string[] {
  const zip = zip5(match.address.zip);
  const street = normalisedStreet(match.address.line, zip);
  const official = match.official
    ? `${match.official.firstName} ${match.official.lastName}`.replace(/\s+/g, " ").trim().toUpperCase()
    : "";
  return [
    match.npi && `npi:${match.npi}`,
    match.ccn && `ccn:${match.ccn}`,
    match.phone && `phone:${match.phone}`,
    street && zip.length === 5 && `address:${street}|${zip}`,
    official && zip.length === 5 && `official:${official}|${zip}`,
  ].filter((key): key is string => Boolean(key));
}
