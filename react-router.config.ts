import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "./src/web/app/route-paths";

export default {
  appDirectory: "src/web/app",
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: false,
  // Every public page is static HTML that paints before its JavaScript arrives.
  prerender: [...PRERENDERED_PATHS],
} satisfies Config;
