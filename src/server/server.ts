import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { drainAndClose } from "./shutdown";
import { installTestClock } from "./test-clock";

/**
 * Listens, and on SIGTERM/SIGINT drains (shutdown.ts: readiness 503 for DRAIN_DELAY_MS, then the
 * listener closes, what is in flight is answered), closes the store and exits.
 */
async function main() {
  let config;
  try {
    installTestClock();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    drainAndClose(app, config.DRAIN_DELAY_MS).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
