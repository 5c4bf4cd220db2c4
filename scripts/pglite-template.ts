import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { openPglite, pgliteTemplateFile } from "../src/server/store/database";

/**
 * Part of `npm run build`: runs PGlite's initdb once, here, and keeps the empty data directory
 * as a gzip tar in BUILD_DIR. The server's first start on an empty DATA_DIR unpacks it instead of
 * running initdb itself, which peaks at ~800 MB resident (unpacking: ~370 MB). Kept while
 * the PGlite version (in the file name) stays the same.
 */
async function main() {
  const file = pgliteTemplateFile(resolve(process.env.BUILD_DIR ?? "build"));
  if (existsSync(file)) return console.log(`PGlite template: ${file} (kept)`);
  const db = await openPglite("memory://");
  const dump = await db.dumpDataDir("gzip");
  await db.close();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  console.log(`PGlite template: ${file}`);
}

await main();
