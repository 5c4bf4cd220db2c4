/**
 * `npm run db:migrate`: applies the pending migrations (drizzle/) to DATABASE_URL's PostgreSQL,
 * or to DATA_DIR's embedded database, and exits. Run it as the schema's owner when the server
 * runs as a role that may not change the schema (MIGRATE_AT_START=false, README "A real PostgreSQL").
 */
import { loadConfig } from "../src/server/config";
import { openStore } from "../src/server/store/database";

const config = loadConfig();
const store = await openStore({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: true });
await store.close();
console.log(config.DATABASE_URL ? "migrated DATABASE_URL" : `migrated ${config.DATA_DIR}`);
