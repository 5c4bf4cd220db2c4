import { FACILITY_SITES } from "../src/server/test-support/registry-seeds";
import { startRegistryStandIns } from "../src/server/test-support/verification-harness";

/**
 * TEST SUPPORT: `npm run registries:stand-in` runs the NPPES, CMS Provider Data and facility
 * website stand-ins (127.0.0.1 only) with the tests' seeded facilities, for `npm run dev`.
 * Ports: STAND_IN_NPPES_PORT (4030), STAND_IN_CMS_PORT (4031), STAND_IN_WEB_PORT (4032).
 */
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const standIns = await startRegistryStandIns({
  ports: {
    nppes: port("STAND_IN_NPPES_PORT", 4030),
    cms: port("STAND_IN_CMS_PORT", 4031),
    web: port("STAND_IN_WEB_PORT", 4032),
  },
});

console.log("Registry stand-ins on 127.0.0.1. Point the server at them with:");
console.log(
  `  NPPES_API_URL=${standIns.nppes.url} CMS_PROVIDER_DATA_URL=${standIns.cms.url} FACILITY_WEBSITE_URL=${standIns.web.websiteUrl}`,
);
console.log(`Facility websites: ${Object.keys(FACILITY_SITES).join(", ")} (e-mail a lead from one of these domains)`);
console.log(
  `Controls: POST ${new URL(standIns.nppes.url).origin}/__stand-in/fault {"fault": "status_500" | "timeout" | "errors" | "none"} (the same on the CMS port);`,
);
console.log(
  `          PUT ${standIns.web.origin}/__stand-in/sites/<domain> {"home": "<html>", "wellKnownPriceFile": "location-name: ...", "redirectTo": "...", "hangs": true}`,
);
const stop = () => void standIns.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
