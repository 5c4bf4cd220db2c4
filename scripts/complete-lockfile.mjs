// Completes package-lock.json with the other platforms' optional binaries (rollup, tailwind
// oxide, ...) that this machine's npm registry mirror does not serve. npm leaves them out of
// the lock when it cannot fetch their metadata, and `npm ci` then refuses the lock. Each
// added entry is optional and gated by os/cpu/libc, so npm never fetches it on this platform;
// on the real registry (e.g. a Mac) npm resolves it by name and version as usual.
// Run after any `npm install` that rewrites the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

const OS = ["android", "darwin", "freebsd", "linux", "openbsd", "openharmony", "win32", "sunos", "aix", "netbsd"];
const CPU = {
  arm64: "arm64",
  x64: "x64",
  ia32: "ia32",
  arm: "arm",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
  wasm32: "wasm32",
};

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!cpu) return undefined;
  const entry = { cpu: [cpu] };
  if (os) entry.os = [os];
  if (parts.includes("musl") || parts.includes("musleabihf")) entry.libc = ["musl"];
  else if (os === "linux" && (parts.includes("gnu") || parts.includes("gnueabihf"))) entry.libc = ["glibc"];
  return entry;
}

/** Where node resolution from `from` would find `name`: the nearest node_modules that has it. */
function resolves(from, name) {
  let dir = from;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) return true;
    if (!dir) return false;
    const index = dir.lastIndexOf("/node_modules/");
    dir = index === -1 ? "" : dir.slice(0, index);
  }
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolves(path, name)) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(spec)) continue;
    packages[`node_modules/${name}`] = {
      version: spec,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + "\n");
console.log(`complete-lockfile: added ${added} optional platform entries`);
