import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { queueAutoPayPaused } from "../mail";
import type { Store } from "../store/database";
import { clearLeases } from "./runner-repository";
import { Callbacks, callbackSettingsOf } from "./callbacks";
import { VerificationRunner } from "./verification-runner";
import { verificationDeps, type VerificationDeps } from "./verify-lead";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The verification runner (decision 0029) when VERIFICATION_JOB is on. `nudge(leadId)` verifies a
     * lead soon, away from the caller's request: the qualification calls it, and so does the
     * work-address code once confirmed.
     */
    verification: VerificationRunner | undefined;
  }
}

/**
 * The runner from the config, after the rewards (it orders through `app.rewards`): its sweep
 * starts when the app is ready and stops, its runs finished, when the app closes. `deps`: what
 * tests (and the work-address code's wiring) put in place of the config's, e.g. `workAddressConfirmedAt`.
 */
export function setUpVerification(
  app: FastifyInstance,
  config: Config,
  store: Store,
  deps: Partial<VerificationDeps> = {},
): void {
  if (!config.VERIFICATION_JOB) {
    app.decorate("verification", undefined);
    return;
  }
  const callbackSettings = callbackSettingsOf(config);
  const runner = new VerificationRunner({
    db: store.db,
    deps: verificationDeps(config, store.db, {
      ...(app.mail
        ? { onCeiling: (tx, ceiling, limit, now) => queueAutoPayPaused(tx, app.mail!, ceiling, limit, now) }
        : {}),
      ...deps,
    }),
    log: app.log,
    metrics: app.metrics,
    rewards: app.rewards,
    autoPay: config.VERIFICATION_AUTO_PAY,
    intervalMs: config.VERIFICATION_SWEEP_MS,
    concurrency: config.VERIFICATION_CONCURRENCY,
    webhookUrl: config.PIPELINE_WEBHOOK_URL,
    mail: app.mail,
    onQueued: () => app.outbox?.wake(),
    callbacks: callbackSettings && new Callbacks(store.db, callbackSettings),
  });
  app.decorate("verification", runner);
  if (config.VERIFICATION_AUTO_PAY && !app.rewards)
    app.log.info("VERIFICATION_AUTO_PAY is on but no REWARDS_PROVIDER: verified leads stop at 'role verified'");
  app.addHook("onReady", async () => {
    // The embedded database has one process: leases left are a dead one's (PostgreSQL's run out in 2 minutes).
    if (store.kind === "pglite") await clearLeases(store.db);
    runner.start();
  });
  app.addHook("onClose", async () => runner.stop());
}
