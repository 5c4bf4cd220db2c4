import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The client's libraries each get a chunk of their own: a release that changes only our code
 * leaves them cached, and the page's loader (scripts/post-build/defer-hydration.ts, see
 * docs/decisions/0007) evaluates them one per task, so no single task evaluates them all.
 * Our own shared modules are grouped too (below): left alone they make a chunk each, and every
 * chunk costs its own import lines and compression overhead in each page's initial JavaScript
 * budget. (A third group for config, paths and copy was tried: `/` grew by 0.2 KB.)
 */
const LIBRARY_CHUNKS = [
  { name: "react-dom", test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
  { name: "react", test: /node_modules[\\/]react[\\/]/ },
  { name: "react-router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  // Our shared code in two chunks rather than many: the landing page and the lazy qualification
  // chat share the form kit (components and form core) and lib/, and rolldown's default split of
  // what they share into many small chunks cost the landing page ~3 KB gzip over its budget.
  // Left out: what the landing page never loads (page-header, the text area, the urgency radios,
  // the failure alert: 0.3 KB of /'s budget once /staff reused the kit) and what must stay lazy
  // (validator-schemas pulls zod; the qualification-* modules load with the chat or on submit).
  {
    name: "form-kit",
    test: /src[\\/]web[\\/](components[\\/](?!page-header|text-area-field|waiting-list-note)|forms[\\/](?!failure-alert|use-form-signals))/,
  },
  // The forms' step beacon and the onboarding claim's store (decision 0039) load with the two facility forms only;
  // the time formatting (decision 0036) with the lazy time picker and the console.
  {
    name: "site-lib",
    test: /src[\\/]web[\\/]lib[\\/](?!validator-schemas|qualification-|onboarding-spots|form-step-beacon|zone-format)/,
  },
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./src/web", import.meta.url).pathname } },
  envPrefix: ["VITE_", "SITE_URL"],
  // The year the site is built (the footer's ©): one value in the prerendered HTML and after hydration.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getUTCFullYear()) },
  build: { assetsInlineLimit: 0 },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: LIBRARY_CHUNKS } } } } },
  },
});
