import { lookup } from "node:dns/promises";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { failOnNetworkViolations } from "./test-network-guard";

/** The test-wide network guard (decision 0043): what a test may reach, and what fails it. */
describe("the network guard", () => {
  it("fails a test that looks up a public name (the lookup refused, the test failed after it)", async () => {
    await expect(lookup("example.com")).rejects.toMatchObject({ code: "ENOTFOUND" });
    // What runs after every test, run here (and so cleared) so that this one passes.
    expect(failOnNetworkViolations).toThrow(
      "This test reached beyond this machine (tests stay on 127.0.0.1): DNS query for example.com",
    );
  });

  it("fails a test that connects to anything but loopback", async () => {
    const answer = await fetch("http://93.184.215.14/").catch((error: Error) => error);
    expect(answer).toBeInstanceOf(Error);
    expect(failOnNetworkViolations).toThrow("connection to 93.184.215.14");
  });

  it("lets a test reach 127.0.0.1 and look up localhost", async () => {
    const server = createServer((socket) => socket.end("hello"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const { Socket } = await import("node:net");
    const said = await new Promise<string>((resolve, reject) => {
      const socket = new Socket();
      socket.on("data", (data) => resolve(data.toString()));
      socket.on("error", reject);
      socket.connect(port, "localhost");
    });
    server.close();
    expect(said).toBe("hello");
    expect((await lookup("localhost")).address).toMatch(/^(127\.|::1)/);
    expect(failOnNetworkViolations).not.toThrow();
  });
});
