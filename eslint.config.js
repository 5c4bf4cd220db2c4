// @ts-check
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Import direction (docs/architecture.md): domain imports nothing of ours; web and server never meet. */
const restrict = (...patterns) => ({
  "no-restricted-imports": ["error", { patterns }],
});

export default tseslint.config(
  { ignores: ["build/", "build-*/", "node_modules/", ".react-router/", "bench/results/", "test-results/", "playwright-report/", "drizzle/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Plain Node scripts.
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  {
    // Playwright fixtures take `({}, use)` by design.
    files: ["e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/domain/**"],
    rules: restrict(
      { group: ["**/web", "**/web/**", "**/server", "**/server/**"], message: "domain/ imports nothing of ours." },
      { group: ["react", "react-*", "node:*", "fastify", "@fastify/*"], message: "domain/ is pure: no React, no Node APIs." },
    ),
  },
  {
    files: ["src/web/**"],
    rules: restrict(
      // react-dom/server is React's renderer (app/entry.server.tsx prerenders with it), not our server/.
      { group: ["**/server", "**/server/**", "!react-dom/server"], message: "web/ never imports server/." },
      { group: ["@vapi-ai/*"], message: "Only the voice adapter (features/voice-call/vapi-voice-client.ts) may import the SDK." },
    ),
  },
  {
    // The shared layers serve every page: they import nothing above them (the route paths are in
    // src/web/route-paths.ts, which every layer may import). Tests may compose a feature's control.
    files: ["src/web/{components,lib,forms,content}/**"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: restrict(
      { group: ["**/server", "**/server/**", "!react-dom/server"], message: "web/ never imports server/." },
      { group: ["@vapi-ai/*"], message: "Only the voice adapter (features/voice-call/vapi-voice-client.ts) may import the SDK." },
      { group: ["**/app", "**/app/**", "~/app/**"], message: "components/, lib/, forms/ and content/ never import app/ (route paths: src/web/route-paths.ts)." },
      { group: ["**/features", "**/features/**", "~/features/**"], message: "components/, lib/, forms/ and content/ never import a feature: move what is shared down, or the module into its feature." },
    ),
  },
  {
    files: ["src/web/features/*/**"],
    rules: restrict(
      { group: ["**/server", "**/server/**"], message: "web/ never imports server/." },
      { group: ["@vapi-ai/*"], message: "Only the voice adapter may import the SDK." },
      { regex: "^\\.\\./(?!\\.\\.)", message: "A feature does not import another feature: compose them in the route." },
      { regex: "^~/features/", message: "A feature does not import another feature: compose them in the route." },
    ),
  },
  {
    // After the features block, which it relaxes for this one file (a later block wins).
    files: ["src/web/features/voice-call/vapi-voice-client.ts"],
    rules: restrict(
      { group: ["**/server", "**/server/**"], message: "web/ never imports server/." },
      { regex: "^\\.\\./(?!\\.\\.)", message: "A feature does not import another feature: compose them in the route." },
      { regex: "^~/features/", message: "A feature does not import another feature: compose them in the route." },
    ),
  },
  {
    files: ["src/server/**"],
    rules: restrict({ group: ["**/web", "**/web/**"], message: "server/ never imports web/." }),
  },
);
