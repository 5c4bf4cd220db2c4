import type { Config } from "./config";
import type { CspSources } from "./security-headers";

/**
 * The origins that configured integrations (voice, chat widget, analytics) need in the CSP.
 * An unconfigured integration adds nothing.
 */
export function integrationOrigins(_config: Config): NonNullable<CspSources["extra"]> {
  return {};
}
