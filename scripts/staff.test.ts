import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "../src/server/staff/passwords";
import { openStore } from "../src/server/store/database";
import { eq } from "drizzle-orm";
import { securityEvents, staffAccounts } from "../src/server/store/schema";
import { findAccountByEmail } from "../src/server/store/staff-repository";
import { useTestStore, type TestStore } from "../src/server/test-support/test-helpers";
import { CliError, run } from "./staff";

const PASSWORD = "a perfectly long pass phrase";

describe("npm run staff", () => {
  let store: TestStore;
  // The accounts one test adds are the next one's: rows stay between tests.
  useTestStore("pglite", (made) => (store = made), { resetAfterEach: false });

  const cli = async (args: string[], password = PASSWORD) => {
    const lines: string[] = [];
    // The CLI closes the store it opens: hand it one whose close leaves the shared test store open.
    await run(args, {
      out: (t) => lines.push(t),
      readPassword: async () => password,
      openStore: async () => ({ ...store, close: async () => {} }),
    });
    return lines.join("\n");
  };

  it("adds an admin and a staff member, lists and disables them", async () => {
    expect(await cli(["add", "Boss@Provider.example", "--admin"])).toBe("Added boss@provider.example (admin).");
    expect(await cli(["add", "worker@provider.example"])).toBe("Added worker@provider.example (staff).");
    const account = await findAccountByEmail(store.db, "boss@provider.example");
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(account!.passwordHash, PASSWORD)).toBe(true);
    expect(await cli(["list"])).toMatch(
      /boss@provider\.example {2}admin {2}active\nworker@provider\.example {2}staff {2}active/,
    );
    expect(await cli(["disable", "worker@provider.example"])).toBe(
      "Disabled worker@provider.example; its sessions are ended.",
    );
    expect(await cli(["list"])).toMatch(/worker@provider\.example {2}staff {2}disabled/);
  });

  it("resets a second factor from the server, and records it", async () => {
    await cli(["add", "twofa@provider.example"]);
    const account = await findAccountByEmail(store.db, "twofa@provider.example");
    await store.db
      .update(staffAccounts)
      .set({ totpSecret: "JBSWY3DPEHPK3PXP" })
      .where(eq(staffAccounts.id, account!.id));
    expect(await cli(["reset-2fa", "TwoFA@provider.example"])).toMatch(
      /^Reset the second factor of twofa@provider\.example/,
    );
    expect((await findAccountByEmail(store.db, "twofa@provider.example"))!.totpSecret).toBeNull();
    const events = await store.db.select().from(securityEvents).where(eq(securityEvents.kind, "second_factor_reset"));
    expect(events).toEqual([
      expect.objectContaining({ subjectEmail: "twofa@provider.example", actorEmail: "server:npm run staff" }),
    ]);
    await expect(cli(["reset-2fa", "nobody@provider.example"])).rejects.toThrow(
      "No account with the e-mail nobody@provider.example.",
    );
  });

  it("refuses a short or common password, a second account for one address, and bad usage", async () => {
    await expect(cli(["add", "short@provider.example"], "short")).rejects.toThrow(
      "Password refused: Use at least 12 characters.",
    );
    await expect(cli(["add", "common@provider.example"], "password1234")).rejects.toThrow(/common passwords/);
    await cli(["add", "twice@provider.example"]);
    await expect(cli(["add", "twice@provider.example"])).rejects.toThrow("An account with this e-mail already exists.");
    await expect(cli(["add", "not-an-email"])).rejects.toBeInstanceOf(CliError);
    await expect(cli(["remove", "x@provider.example"])).rejects.toThrow(/Usage/);
    await expect(cli(["disable", "nobody@provider.example"])).rejects.toThrow(
      "No account with the e-mail nobody@provider.example.",
    );
  });

  it("explains that the embedded database is held by the running server", async () => {
    const dir = mkdtempSync(join(tmpdir(), "staff-cli-"));
    const server = await openStore({ dataDir: dir }); // stands in for the server holding DATA_DIR
    try {
      const attempt = run(["list"], {
        out: () => {},
        readPassword: async () => "",
        openStore: () => openStore({ dataDir: dir }),
      });
      await expect(attempt).rejects.toThrow(
        /is open in another process \(pid \d+\), probably the running server\. Stop it first/,
      );
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
