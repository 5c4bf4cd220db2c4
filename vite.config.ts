import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The client's libraries each get a chunk of their own: a release that changes only our code
 * leaves them cached, and the page's loader (scripts/post-build/defer-hydration.ts, see
 * docs/decisions/0007) evaluates them one per task, so no single task evaluates them all.
 */
const LIBRARY_CHUNKS = [
  { name: "react-dom", test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
  { name: "react", test: /node_modules[\\/]react[\\/]/ },
  { name: "react-router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./src/web", import.meta.url).pathname } },
  envPrefix: ["VITE_", "SITE_URL"],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: LIBRARY_CHUNKS } } } } },
  },
});
