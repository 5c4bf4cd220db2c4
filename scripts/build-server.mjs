/**
 * Part of `npm run build` (after react-router's build, which empties build/): compiles the
 * server and the operators' CLIs to JavaScript in build/server/, so production runs them with
 * plain `node` (no TypeScript loader, no esbuild process, docs/decisions/0020).
 *
 * esbuild bundles from the entry points: every module the server imports is picked up without
 * a list to keep; packages stay external (resolved from node_modules at run time). Plain Node
 * (.mjs), so a fresh clone can build the CLIs before anything else (`npm run staff`).
 */
import { build } from "esbuild";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${process.env.BUILD_DIR ?? "build"}/server`;

/** The entry points: build/server/<name>.js. */
const SERVER_ENTRIES = {
  server: "src/server/server.ts",
  staff: "scripts/staff.ts",
  leads: "scripts/leads.ts",
  migrate: "scripts/migrate.ts",
  backup: "scripts/backup.ts",
  restore: "scripts/restore.ts",
  "voice-assistant": "scripts/voice-assistant.ts",
};

rmSync(new URL(outdir, `file://${root}/`), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: SERVER_ENTRIES,
  outdir,
  bundle: true,
  splitting: true, // the entries share their modules as chunks
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: "linked",
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
  metafile: true,
});
const files = Object.keys(result.metafile.outputs).filter((file) => file.endsWith(".js"));
console.log(
  `server compiled: ${files.length} files in ${outdir} (${Object.keys(result.metafile.inputs).length} modules)`,
);
