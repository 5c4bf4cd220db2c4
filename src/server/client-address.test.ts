import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { TRUST_PROXY_TRUE_MESSAGE, fastifyTrustProxy, parseTrustProxy } from "./client-address";
import { ConfigError, loadConfig } from "./config";
import { facilityLeads } from "./store/schema";
import { useTestApps, type TestStore } from "./test-support/test-helpers";
import { homepageLead } from "./test-support/test-fixtures";

describe("TRUST_PROXY", () => {
  it("is off, a number of proxies, or their addresses; true is refused with what to write instead", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("1")).toEqual({ hops: 1 });
    expect(parseTrustProxy(" 10.0.0.0/8, 192.168.1.10 ,::1,2001:db8::/32")).toEqual({
      proxies: ["10.0.0.0/8", "192.168.1.10", "::1", "2001:db8::/32"],
    });
    expect(() => parseTrustProxy("true")).toThrow(TRUST_PROXY_TRUE_MESSAGE);
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0.0/8/1", "localhost", "1.2.3", "99"])
      expect(() => parseTrustProxy(bad), bad).toThrow(/number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: "TRUE" })).toThrow(
      /TRUST_PROXY: TRUST_PROXY=true trusts any client-written X-Forwarded-For; set the number of proxies in front \(TRUST_PROXY=1\)/,
    );
  });

  it("trusts hops from the server, or the proxies' addresses (IPv4-mapped included)", () => {
    const hops = fastifyTrustProxy({ hops: 2 }) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops("203.0.113.9", hop))).toEqual([true, true, false]);
    const byAddress = fastifyTrustProxy({ proxies: ["10.0.0.0/8", "2001:db8::1"] }) as (
      address: string,
      hop: number,
    ) => boolean;
    expect(byAddress("10.20.30.40", 0)).toBe(true);
    expect(byAddress("::ffff:10.1.2.3", 0)).toBe(true);
    expect(byAddress("2001:db8::1", 3)).toBe(true);
    expect(byAddress("11.0.0.1", 0)).toBe(false);
    expect(byAddress("not an address", 0)).toBe(false);
  });

  it("stops the server at start when it is true, saying what to write instead", () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
      cwd: root,
      env: { ...process.env, TRUST_PROXY: "true", PORT: "0", DATA_DIR: "memory://" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(TRUST_PROXY_TRUE_MESSAGE);
  });
});

describe("the client's address behind a proxy", () => {
  let store: TestStore;
  let app: FastifyInstance | undefined;
  const build = useTestApps("pglite", (made) => (store = made));

  const NGINX = "10.0.0.2";
  const VISITOR = "203.0.113.9";
  const post = (email: string, xff: string, remoteAddress = NGINX) =>
    app!.inject({
      method: "POST",
      url: "/api/leads",
      payload: homepageLead({ email }),
      headers: { "x-forwarded-for": xff },
      remoteAddress,
    });

  it("behind TRUST_PROXY=1, a forged left-most X-Forwarded-For neither escapes nor resets a limit, and is not the consent proof's address", async () => {
    app = await build({
      ...loadConfig({ TRUST_PROXY: "1" }),
      LOG_LEVEL: "silent",
      BUILD_DIR: "/nonexistent-build",
      RATE_LIMIT_PER_MINUTE: 2,
    });
    // nginx appends the address it sees to whatever the client sent.
    const first = await post("a1@x.example", `127.0.0.1, ${VISITOR}`);
    const second = await post("a2@x.example", `198.51.100.1, ${VISITOR}`);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const rows = await store.db.select({ clientIp: facilityLeads.clientIp }).from(facilityLeads);
    expect(rows.map((r) => r.clientIp)).toEqual([VISITOR, VISITOR]);
    // The limit is reached: claiming to be loopback (exempt) or another address changes nothing.
    for (const forged of ["127.0.0.1", "::1", "198.51.100.77", "203.0.113.10, 127.0.0.1"]) {
      const response = await post(`f@x.example`, `${forged}, ${VISITOR}`);
      expect(response.statusCode, forged).toBe(429);
    }
    // Another visitor behind the same proxy has their own budget.
    expect((await post("b@x.example", "198.51.100.20")).statusCode).toBe(201);
    expect(await store.db.select().from(facilityLeads)).toHaveLength(3);
  });

  it("with the proxies' addresses, takes the right-most address that is not a proxy; a client that bypasses them is its socket's address", async () => {
    app = await build({
      ...loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.5.5" }),
      LOG_LEVEL: "silent",
      BUILD_DIR: "/nonexistent-build",
      RATE_LIMIT_PER_MINUTE: 1,
    });
    // A load balancer (192.168.5.5) in front of nginx (10.0.0.2): two trusted hops.
    expect((await post("c1@x.example", `127.0.0.1, ${VISITOR}, 192.168.5.5`)).statusCode).toBe(201);
    expect((await post("c2@x.example", `::1, ${VISITOR}, 192.168.5.5`)).statusCode).toBe(429);
    // Straight to the server from outside: its X-Forwarded-For is not believed at all.
    expect((await post("d1@x.example", "127.0.0.1", "198.51.100.50")).statusCode).toBe(201);
    expect((await post("d2@x.example", "127.0.0.1", "198.51.100.50")).statusCode).toBe(429);
    const rows = await store.db.select({ clientIp: facilityLeads.clientIp }).from(facilityLeads);
    expect(rows.map((r) => r.clientIp).sort()).toEqual(["198.51.100.50", VISITOR]);
  });
});

describe("addressKeyOf (decision 0026)", () => {
  it("counts IPv6 by its /64 and IPv4 as it is", async () => {
    const { addressKeyOf } = await import("./client-address");
    expect(addressKeyOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKeyOf("2001:0db8:0001:0002:ffff:ffff:ffff:fffe")).toBe("2001:db8:1:2::/64");
    expect(addressKeyOf("2001:db8::5")).toBe("2001:db8:0:0::/64");
    expect(addressKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(addressKeyOf("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressKeyOf("192.0.2.7")).toBe("192.0.2.7");
  });
});
