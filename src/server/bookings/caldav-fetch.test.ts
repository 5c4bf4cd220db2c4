import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CaldavAddressRefused, caldavFetch } from "./caldav-fetch";

/** A calendar on this machine (allowed by name and port) that redirects where it is told. */
describe("the CalDAV fetch (decision 0043)", () => {
  let server: Server;
  let port = 0;
  const asked: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      asked.push(request.url ?? "");
      const to = new URL(request.url ?? "/", "http://x").searchParams.get("to");
      if (to) response.writeHead(302, { location: to }).end();
      else response.writeHead(207, { "content-type": "application/xml" }).end("<multistatus/>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const guarded = () =>
    caldavFetch({
      allowedHosts: [`127.0.0.1:${port}`],
      resolver: async (host) => (host === "rebind.example" ? [{ address: "10.1.2.3", family: 4 }] : []),
    });

  it("reaches an allowed host, and follows its redirect to the same host", async () => {
    const answer = await guarded()(`http://127.0.0.1:${port}/cal/?to=/cal/there/`, { method: "PROPFIND" });
    expect(answer.status).toBe(207);
    expect(await answer.text()).toBe("<multistatus/>");
    expect(asked.at(-1)).toBe("/cal/there/");
  });

  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
    "http://rebind.example/",
    "file:///etc/passwd",
  ])("refuses a redirect to %s, sending nothing there", async (to) => {
    const fetch = guarded();
    await expect(fetch(`http://127.0.0.1:${port}/cal/?to=${encodeURIComponent(to)}`)).rejects.toBeInstanceOf(
      CaldavAddressRefused,
    );
  });

  it("refuses the same server on a port it was not allowed", async () => {
    const fetch = caldavFetch({ allowedHosts: ["127.0.0.1:1"], resolver: async () => [] });
    await expect(fetch(`http://127.0.0.1:${port}/cal/`)).rejects.toBeInstanceOf(CaldavAddressRefused);
  });
});
