import { defineConfig } from "vitest/config";

/**
 * Separate from vite.config.ts: the React Router plugin is for builds, not unit tests.
 * Two projects, one environment each, chosen here rather than per file: the browser's (jsdom)
 * for components and the scripts that run before hydration, Node for everything else.
 */
const BROWSER_TESTS = ["src/web/**/*.test.tsx", "src/web/lib/early-*.test.ts"];

export default defineConfig({
  resolve: { alias: { "~": new URL("./src/web", import.meta.url).pathname } },
  test: {
    // The network guard first: tests send nothing beyond 127.0.0.1 (decision 0043).
    setupFiles: ["./src/test-network-guard.ts", "./src/test-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: { name: "browser", include: BROWSER_TESTS, environment: "jsdom" },
      },
      {
        extends: true,
        test: {
          name: "node",
          include: ["src/**/*.test.{ts,tsx}", "bench/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: BROWSER_TESTS,
          environment: "node",
        },
      },
    ],
  },
});
