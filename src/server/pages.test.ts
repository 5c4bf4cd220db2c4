import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "./test-support/test-helpers";

/** A built site with three pages: /, /404 and the console's shell at /staff (with an inline script of its own). */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "staffing-pages-"));
  const page = (path: string, body: string) => {
    mkdirSync(join(dir, "client", path), { recursive: true });
    writeFileSync(
      join(dir, "client", path, "index.html"),
      `<!doctype html><html><head><title>${body}</title></head><body>${body}</body></html>`,
    );
  };
  page("", "Home");
  page("404", "Not found");
  page("staff", "Console shell<script>window.console_shell=1</script>");
  return dir;
}

describe.each(STORE_KINDS)("the built pages (%s)", (kind) => {
  let store: TestStore;
  let app: FastifyInstance | undefined;
  let buildDir: string;
  useTestStore(kind, (made) => (store = made));
  beforeAll(() => {
    buildDir = fakeBuild();
  });
  afterAll(() => rmSync(buildDir, { recursive: true, force: true }));
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it("answers every address under /staff with the console's shell, never stored, under the console's CSP", async () => {
    app = await createTestApp(store, { BUILD_DIR: buildDir });
    for (const url of [
      "/staff",
      "/staff/",
      "/staff/due?due=call&q=dana",
      "/staff/leads/3f1c2a4e-0000-4000-8000-000000000000?from=%2Fstaff%2Fdue",
      "/staff/security-log",
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain("Console shell");
      expect(response.headers["cache-control"], url).toBe("no-store");
      expect(String(response.headers["content-security-policy"]), url).toMatch(/script-src 'self' 'sha256-[^']+'/);
      expect(response.headers["x-robots-tag"], url).toBe("noindex, nofollow");
    }
  });

  it("keeps other unknown addresses on the site's 404 page", async () => {
    app = await createTestApp(store, { BUILD_DIR: buildDir });
    for (const url of ["/staffing", "/nope", "/staff-console"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain("Not found");
    }
  });
});
