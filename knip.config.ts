import type { KnipConfig } from "knip";

/**
 * knip finds unused files, dependencies and exports (`npm run check`). Its plugins find the
 * entries of React Router, Vite, Vitest, Playwright, ESLint and drizzle-kit; the scripts and
 * benchmarks run by hand or from package.json are listed here.
 */
const config: KnipConfig = {
  // src/server/server.ts: the production entry, compiled by scripts/build-server.mjs (run as build/server/server.js).
  // The app: knip's React Router plugin reads react-router.config.ts (appDirectory "src/web/app"), so
  // root, routes.ts, every route module and app/entry.server.tsx are entries without being named here.
  // The verification crash test's child process (spawned by its path).
  entry: [
    "scripts/*.{ts,mjs}",
    "bench/*.ts",
    "src/server/server.ts",
    "src/server/test-support/verification-crash-child.ts",
  ],
  // Lighthouse's own launcher (a dependency of lighthouse), used by bench/web.ts to start Chromium.
  ignoreDependencies: ["chrome-launcher"],
  // The X virtual display bench/virtual-display.ts starts when the machine has one (a Debian
  // package, `apt-get install -y xvfb`, not an npm one). Radicale: the CalDAV server the bookings'
  // tests start (Debian's `radicale`, installed by .ci/run).
  // SpamAssassin and Perl (its Mail::DKIM): what scripts/mail-measure.ts measures the e-mails with, by hand.
  // pg_dump and pg_restore: PostgreSQL's client tools, which npm run backup / restore run (Debian's postgresql-client).
  ignoreBinaries: ["Xvfb", "radicale", "spamassassin", "perl", "pg_dump", "pg_restore"],
  // lib/validators.ts types the lazily loaded schemas as `typeof import(...)`, which knip does not
  // follow member by member.
  ignoreIssues: { "src/web/lib/validator-schemas.ts": ["nsExports"], "src/domain/*.ts": ["nsExports"] },
};

export default config;
