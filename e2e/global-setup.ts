import { startServer } from "./server";

/** One production server for the whole run; workers inherit its address through the environment. */
export default async function globalSetup() {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  return () => server.stop();
}
