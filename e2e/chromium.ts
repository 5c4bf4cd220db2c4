import type { LaunchOptions } from "@playwright/test";

/** Debian's Chromium as every journey launches it (never a downloaded browser). */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
} satisfies LaunchOptions;

/**
 * A host name that is not a secure context: Chromium counts localhost and 127.0.0.0/8 as
 * secure, so a plain-http site is tried on `staging.test`, resolved to this machine.
 */
const INSECURE_HOST = "staging.test";

export const INSECURE_ORIGIN_LAUNCH_OPTIONS = {
  ...CHROMIUM_LAUNCH_OPTIONS,
  args: [...CHROMIUM_LAUNCH_OPTIONS.args, `--host-resolver-rules=MAP ${INSECURE_HOST} 127.0.0.1`],
} satisfies LaunchOptions;

/** The test server's address under the insecure host name. */
export const insecureURL = (baseURL: string) => {
  const url = new URL(baseURL);
  url.hostname = INSECURE_HOST;
  return url.origin;
};
