import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS, STAFF_PATH } from "./src/web/route-paths";

export default {
  appDirectory: "src/web/app",
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: false,
  // Every public page is static HTML that paints before its JavaScript arrives.
  // The staff console's page is an empty shell too: it renders from its API after sign-in.
  prerender: [...PRERENDERED_PATHS, STAFF_PATH],
} satisfies Config;
