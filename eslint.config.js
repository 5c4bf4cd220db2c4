// @ts-check
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Packages a layer may not use (our own folders are held by eslint-plugin-boundaries, below). */
const restrict = (...patterns) => ({
  "no-restricted-imports": ["error", { patterns }],
});

/** `src/domain` is imported module by module, by path: it has no index (docs/architecture.md, "Shape"). */
const DOMAIN_BY_PATH = {
  regex: "(^|/)domain(/index)?$",
  message: "Import a domain module by its path (src/domain/<module>): the domain has no index.",
};
const VOICE_SDK = {
  group: ["@vapi-ai/*"],
  message: "Only the voice adapter (features/voice-call/vapi-voice-client.ts) may import the SDK.",
};

/**
 * Import direction (docs/architecture.md), held on resolved files rather than import strings:
 * domain imports nothing of ours; web and server never meet; a feature never imports another
 * feature (the route composes them) nor the app; the shared layers of web (components, lib,
 * forms, content) import neither the app nor a feature; web-root is what no folder above claims
 * (route-paths.ts, site-config.ts). In the server (docs/decisions/0041), each capability is a folder,
 * a room with one door: it imports its own files freely and another capability only through that
 * one's index.ts (tests included; test-support/, the harness, may reach into any, and only
 * tests import it). store/ (the
 * schema and plain queries) imports no capability: only store/, domain/ and packages; the shared
 * files at the src/server root (config, logging, validation, ...) import no capability either;
 * app.ts and server.ts (and the root's tests) compose capabilities through their doors. An effect
 * that crosses capabilities is a service its caller passes in. src/import-boundaries.test.ts
 * checks the rules on fixtures.
 */
const ELEMENTS = [
  { type: "domain", pattern: "src/domain/**", partialMatch: false },
  { type: "server-store", pattern: "src/server/store/**", partialMatch: false },
  { type: "server-test-support", pattern: "src/server/test-support", partialMatch: false },
  // Each folder of src/server but the two above is a capability; its files' paths inside it are
  // matched below (index.ts is its door).
  { type: "server-capability", pattern: "src/server/*", partialMatch: false, capture: ["capability"] },
  // The files at the root: app.ts and server.ts compose; the others are shared infrastructure.
  { type: "server-root", pattern: "src/server", partialMatch: false },
  { type: "web-app", pattern: "src/web/app/**", partialMatch: false },
  { type: "web-feature", pattern: "src/web/features/*/**", partialMatch: false, capture: ["feature"] },
  { type: "web-shared", pattern: "src/web/{components,lib,forms,content}/**", partialMatch: false },
  { type: "web-root", pattern: "src/web/**", partialMatch: false },
];
const WEB = ["web-app", "web-feature", "web-shared", "web-root"];
const SERVER = ["server-store", "server-test-support", "server-capability", "server-root"];
/** Everything of the server but store/ itself. */
const CAPABILITIES_AND_UP = ["server-test-support", "server-capability", "server-root"];
const BOUNDARIES = {
  default: "allow",
  policies: [
    {
      from: { element: { type: "domain" } },
      disallow: { to: { element: { types: { anyOf: [...SERVER, ...WEB] } } } },
      message: "domain/ imports nothing of ours.",
    },
    {
      from: { element: { types: { anyOf: SERVER } } },
      disallow: { to: { element: { types: { anyOf: WEB } } } },
      message: "server/ never imports web/.",
    },
    {
      from: { element: { types: { anyOf: WEB } } },
      disallow: { to: { element: { types: { anyOf: SERVER } } } },
      message: "web/ never imports server/.",
    },
    {
      from: { element: { type: "web-feature" } },
      disallow: {
        to: { element: { type: "web-feature", captured: { feature: "!{{ from.element.captured.feature }}" } } },
      },
      message: "A feature does not import another feature: compose them in the route.",
    },
    {
      from: { element: { type: "web-feature" } },
      disallow: { to: { element: { type: "web-app" } } },
      message: "A feature does not import the app (route paths: src/web/route-paths.ts).",
    },
  ],
};
const STORE_IMPORTS_NO_CAPABILITY = {
  from: { element: { type: "server-store" } },
  disallow: { to: { element: { types: { anyOf: CAPABILITIES_AND_UP } } } },
  message:
    "store/ imports no capability (only store/, domain/ and packages): pass the service in from the caller, or move the code out of store/.",
};
const CAPABILITY_THROUGH_ITS_DOOR = {
  from: { element: { type: "server-capability" } },
  disallow: {
    to: {
      element: {
        type: "server-capability",
        captured: { capability: "!{{ from.element.captured.capability }}" },
        fileInternalPath: "!index.ts",
      },
    },
  },
  message:
    "A capability imports another only through its door (src/server/<capability>/index.ts): export what you need there, or pass a service in from app.ts.",
};
const HARNESS_FOR_TESTS_ONLY = {
  from: { element: { types: { anyOf: ["server-capability", "server-root"] }, fileInternalPath: "!**/*.test.ts" } },
  disallow: { to: { element: { type: "server-test-support" } } },
  message: "Only tests use test-support/ (the harness): the code they test never does.",
};
const APP_THROUGH_THE_DOORS = {
  from: { element: { type: "server-root", fileInternalPath: "{app,server,*.test}.ts" } },
  disallow: { to: { element: { type: "server-capability", fileInternalPath: "!index.ts" } } },
  message: "app.ts composes the capabilities through their doors (src/server/<capability>/index.ts) only.",
};
const SHARED_ROOT = { element: { type: "server-root", fileInternalPath: "!{app,server,*.test}.ts" } };
const SHARED_ROOT_IMPORTS_NO_CAPABILITY = {
  from: SHARED_ROOT,
  disallow: { to: { element: { types: { anyOf: ["server-capability", "server-test-support"] } } } },
  message:
    "The shared files at the src/server root import no capability: move the code into the capability, or pass a service in from app.ts.",
};
const SHARED_LAYERS_STAY_DOWN = {
  from: { element: { type: "web-shared" } },
  disallow: { to: { element: { types: { anyOf: ["web-app", "web-feature"] } } } },
  message:
    "components/, lib/, forms/ and content/ never import app/ or a feature: move what is shared down, or the module into its feature.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "node_modules/",
      ".react-router/",
      "bench/results/",
      "test-results/",
      "playwright-report/",
      "drizzle/",
    ],
  },
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
    files: ["src/**/*.{ts,tsx}"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": ELEMENTS,
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } },
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          ...BOUNDARIES,
          policies: [
            ...BOUNDARIES.policies,
            SHARED_LAYERS_STAY_DOWN,
            STORE_IMPORTS_NO_CAPABILITY,
            CAPABILITY_THROUGH_ITS_DOOR,
            APP_THROUGH_THE_DOORS,
            HARNESS_FOR_TESTS_ONLY,
            SHARED_ROOT_IMPORTS_NO_CAPABILITY,
          ],
        },
      ],
    },
  },
  {
    // A store test may use the test harness (test-support/) like any server test.
    files: ["src/server/store/**/*.test.ts"],
    rules: { "boundaries/dependencies": ["error", BOUNDARIES] },
  },
  {
    // No circle of imports anywhere in src/, type-only imports included: a module and what it
    // imports form a tree, so each can be read, tested and moved on its own. Held by import-x's
    // no-cycle (eslint-plugin-boundaries has no cycle rule); fixtures in src/import-boundaries.test.ts.
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // A shared control's test may compose it with a feature's.
    files: ["src/web/{components,lib,forms,content}/**/*.test.{ts,tsx}"],
    rules: { "boundaries/dependencies": ["error", BOUNDARIES] },
  },
  {
    files: ["src/**/*.{ts,tsx}", "e2e/**", "scripts/**", "bench/**"],
    rules: restrict(DOMAIN_BY_PATH),
  },
  {
    files: ["src/domain/**"],
    rules: restrict(DOMAIN_BY_PATH, {
      group: ["react", "react-*", "node:*", "fastify", "@fastify/*"],
      message: "domain/ is pure: no React, no Node APIs.",
    }),
  },
  {
    files: ["src/web/**"],
    ignores: ["src/web/features/voice-call/vapi-voice-client.ts"],
    rules: restrict(DOMAIN_BY_PATH, VOICE_SDK),
  },
  {
    // The console changes data one way (docs/architecture.md "The console"): every form
    // and in-place button through use-console-form.ts (its fetcher and reducer), nothing kept in a
    // module (the session and CSRF token come from the layout). Fixtures: src/console-changes-lint.test.ts.
    files: [
      "src/web/features/staff-console/**/*.{ts,tsx}",
      "src/web/app/routes/staff.tsx",
      "src/web/app/routes/staff/**/*.{ts,tsx}",
    ],
    ignores: ["src/web/features/staff-console/use-console-form.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            DOMAIN_BY_PATH,
            VOICE_SDK,
            {
              group: ["**/forms/submit"],
              importNames: ["useSubmit"],
              message: "A console change goes through useConsoleForm (use-console-form.ts).",
            },
          ],
          paths: [
            {
              name: "react",
              importNames: ["useReducer"],
              message: "A console form's state is useConsoleForm's (use-console-form.ts).",
            },
            {
              name: "react-router",
              importNames: ["useFetcher", "useSubmit", "useFetchers"],
              message: "A console change goes through useConsoleForm (use-console-form.ts).",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: ":matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration[kind='let']",
          message: "No module-level mutable state in the console: the layout's loader data or a context holds it.",
        },
        {
          selector:
            ":matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > NewExpression[callee.name=/^(Map|Set|WeakMap|WeakSet)$/]",
          message: "No module-level mutable state in the console: the layout's loader data or a context holds it.",
        },
      ],
    },
  },
);
