/** Types for `parse-address` (US street address parser; it ships none): what facility-identity.ts reads. */
declare module "parse-address" {
  export interface ParsedLocation {
    number?: string;
    prefix?: string;
    street?: string;
    type?: string;
    suffix?: string;
    sec_unit_type?: string;
    sec_unit_num?: string;
    city?: string;
    state?: string;
    zip?: string;
  }
  export function parseLocation(address: string): ParsedLocation | null;
}
