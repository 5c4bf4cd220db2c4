import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRdapStandIn, type RdapStandIn } from "../test-support/rdap-stand-in";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { rdapClient } from "./rdap-client";

describe.each(STORE_KINDS)("the RDAP client against its stand-in (%s)", (kind) => {
  let store: TestStore;
  let rdap: RdapStandIn;
  useTestStore(kind, (made) => (store = made));
  beforeAll(async () => {
    rdap = await startRdapStandIn({
      "sunrise-care.example": "2009-03-02T00:00:00Z",
      "xn--bcher-kva.example": "2026-11-20T00:00:00Z",
    });
  });
  afterAll(() => rdap.close());
  const client = () => rdapClient({ db: store.db, bootstrapUrl: rdap.bootstrapUrl, limits: { timeoutMs: 1000 } });

  it("reads the registration event through the IANA bootstrap, then from the cache", async () => {
    const before = rdap.requests();
    expect(await client().registration("sunrise-care.example")).toEqual({
      status: "registered",
      registeredAt: "2009-03-02T00:00:00Z",
    });
    expect(rdap.requests()).toBe(before + 1);
    expect(await client().registration("sunrise-care.example")).toMatchObject({ status: "registered" });
    expect(rdap.requests()).toBe(before + 1);
    expect(await client().registration("xn--bcher-kva.example")).toEqual({
      status: "registered",
      registeredAt: "2026-11-20T00:00:00Z",
    });
  });

  it("a domain the registry does not know, or a TLD with no RDAP server: unknown (a person decides)", async () => {
    expect(await client().registration("never-registered.example")).toEqual({
      status: "unknown",
      problem: "no RDAP record for the domain",
    });
    expect(await client().registration("sunrise.nowhere")).toMatchObject({ status: "unknown" });
  });

  it("RDAP down: unavailable, nothing cached; back, it answers", async () => {
    rdap.registrations.set("cedar-ridge.example", "2001-01-01T00:00:00Z");
    rdap.setDown(true);
    try {
      expect(await client().registration("cedar-ridge.example")).toEqual({
        status: "unavailable",
        problem: "RDAP unavailable: HTTP 503",
      });
    } finally {
      rdap.setDown(false);
    }
    expect(await client().registration("cedar-ridge.example")).toMatchObject({ status: "registered" });
  });

  it("a bootstrap file not as documented, or unreachable: unavailable, never thrown", async () => {
    const server = createServer((_, response) => response.end(JSON.stringify({ services: "none" })));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dns.json`;
    try {
      expect(await rdapClient({ db: store.db, bootstrapUrl: url }).registration("a-new.example")).toEqual({
        status: "unavailable",
        problem: "RDAP unavailable: bootstrap file not as documented",
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(
      await rdapClient({ db: store.db, bootstrapUrl: "http://127.0.0.1:9/dns.json" }).registration("b-new.example"),
    ).toMatchObject({ status: "unavailable" });
  });

  it("an RDAP server the bootstrap names on a private address is refused (only the bootstrap's own host is trusted)", async () => {
    const server = createServer((_, response) =>
      response.end(JSON.stringify({ services: [[["example"], ["http://10.0.0.7/rdap/"]]] })),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dns.json`;
    try {
      const age = await rdapClient({ db: store.db, bootstrapUrl: url }).registration("c-new.example");
      expect(age).toMatchObject({ status: "unavailable" });
      expect(age.status === "unavailable" && age.problem).toMatch(/^RDAP unavailable: refused/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
