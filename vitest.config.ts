import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: the React Router plugin is for builds, not unit tests.
export default defineConfig({
  resolve: { alias: { "~": new URL("./src/web", import.meta.url).pathname } },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "bench/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./src/test-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
