import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./src/web", import.meta.url).pathname } },
  envPrefix: ["VITE_", "SITE_URL"],
  build: { assetsInlineLimit: 0 },
});
