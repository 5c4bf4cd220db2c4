import { buildApp } from "../app";
import { loadConfig } from "../config";

/**
 * TEST SUPPORT (verification/verification-crash.test.ts): a server process without its HTTP
 * side whose work addresses all count as confirmed (injected, so no code's e-mail is needed), so its
 * verification runner's first sweep verifies the seeded lead and orders its card; the settings
 * (REWARDS_TEST_CRASH_AFTER_ORDER) make it kill itself between the provider's answer and our write.
 */
const app = await buildApp(loadConfig(), {
  outbox: false,
  verification: { workAddressConfirmedAt: async () => new Date() },
});
await app.ready();
setTimeout(() => process.exit(3), 30_000); // never reached when the crash happens
