/**
 * npm run staff -- add EMAIL [--admin] | disable EMAIL | reset-2fa EMAIL | list
 *
 * Manages the staff console's accounts by opening the store directly (DATABASE_URL, else the
 * embedded database in DATA_DIR). The embedded database can be open in one process only: while
 * the server runs on it, this refuses and says so (stop the server, or let an admin use the
 * console's Accounts page). With PostgreSQL it works beside a running server.
 */
import process from "node:process";
import { createInterface } from "node:readline";
import { passwordProblem } from "../src/domain/staff-password";
import { loadConfig } from "../src/server/config";
import { hashPassword } from "../src/server/staff/passwords";
import { DataDirLockedError, openStore, pgliteTemplateFile, type Store } from "../src/server/store/database";
import { resetSecondFactor } from "../src/server/staff/second-factor-repository";
import { recordSecurityEvent } from "../src/server/store/security-events-repository";
import { AccountExistsError, createAccount, disableAccount, listAccounts } from "../src/server/store/staff-repository";
import { COMMAND_LINE_ACTOR } from "../src/domain/log-sentences";

const USAGE = `Usage: npm run staff -- <command>
  add EMAIL [--admin]   add an account (staff, or admin with --admin); the password is asked
                        without echo, or read from standard input when it is not a terminal
  disable EMAIL         disable an account and end its sessions
  reset-2fa EMAIL       remove an account's second factor and recovery codes and end its
                        sessions (an admin, or anyone when it is required, sets one up again)
  list                  every account with its role and state
Environment: DATABASE_URL (PostgreSQL), else DATA_DIR (default ./data, the embedded database)`;

export class CliError extends Error {}

export interface CliIo {
  out: (text: string) => void;
  /** The password: typed without echo on a terminal, else the first line of standard input. */
  readPassword: (prompt: string) => Promise<string>;
  openStore: () => Promise<Store>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function run(args: string[], io: CliIo): Promise<void> {
  const [command, email, ...flags] = args;
  if (!command || !["add", "disable", "reset-2fa", "list"].includes(command)) throw new CliError(USAGE);
  if (command !== "list" && (!email || !EMAIL.test(email)))
    throw new CliError(`${command} needs an e-mail address.\n\n${USAGE}`);
  const unknown = flags.filter((flag) => !(command === "add" && flag === "--admin"));
  if (unknown.length) throw new CliError(`Unknown option ${unknown.join(" ")}.\n\n${USAGE}`);

  // Ask for the password before opening the store, so a locked store is not held while typing.
  let passwordHash: string | undefined;
  if (command === "add") {
    const password = await io.readPassword(`Password for ${email} (at least 12 characters): `);
    const problem = passwordProblem(password);
    if (problem) throw new CliError(`Password refused: ${problem}`);
    passwordHash = await hashPassword(password);
  }

  let store: Store;
  try {
    store = await io.openStore();
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CliError(`${error.message}\nAn admin can also add and disable accounts in the console, at /staff.`);
    }
    throw error;
  }
  try {
    if (command === "add") {
      const role = flags.includes("--admin") ? "admin" : "staff";
      try {
        const account = await createAccount(store.db, { email: email!, passwordHash: passwordHash!, role });
        await recordSecurityEvent(store.db, {
          kind: "account_created",
          actorEmail: COMMAND_LINE_ACTOR,
          subjectEmail: account.email,
          detail: { role: account.role },
        });
        io.out(`Added ${account.email} (${account.role}).`);
      } catch (error) {
        if (error instanceof AccountExistsError) throw new CliError(error.message);
        throw error;
      }
    } else if (command === "disable") {
      const account = await disableAccount(store.db, { email: email! });
      if (!account) throw new CliError(`No account with the e-mail ${email}.`);
      await recordSecurityEvent(store.db, {
        kind: "account_disabled",
        actorEmail: COMMAND_LINE_ACTOR,
        subjectEmail: account.email,
      });
      io.out(`Disabled ${account.email}; its sessions are ended.`);
    } else if (command === "reset-2fa") {
      const account = await resetSecondFactor(store.db, email!);
      if (!account) throw new CliError(`No account with the e-mail ${email}.`);
      await recordSecurityEvent(store.db, {
        kind: "second_factor_reset",
        actorEmail: COMMAND_LINE_ACTOR,
        subjectEmail: account.email,
      });
      io.out(
        `Reset the second factor of ${account.email}; its sessions are ended. It sets one up again at its next sign-in (an admin must).`,
      );
    } else {
      const accounts = await listAccounts(store.db);
      if (accounts.length === 0) io.out("(no accounts yet: npm run staff -- add EMAIL --admin)");
      for (const a of accounts)
        io.out(`${a.email}  ${a.role}  ${a.disabledAt ? `disabled ${a.disabledAt.toISOString()}` : "active"}`);
    }
  } finally {
    await store.close();
  }
}

/** Reads a line without echoing it (a terminal), or the first line of piped input. */
export function readPasswordFromStdin(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    if (!input.isTTY) {
      let text = "";
      input.setEncoding("utf8");
      input.on("data", (chunk: string) => (text += chunk));
      input.on("end", () => resolve(text.split(/\r?\n/)[0] ?? ""));
      input.on("error", reject);
      return;
    }
    process.stderr.write(prompt);
    const rl = createInterface({ input, output: process.stderr, terminal: true });
    // Nothing typed is echoed: readline writes through this, and we write nothing.
    (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => {};
    rl.question("", (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  run(process.argv.slice(2), {
    out: (text) => console.log(text),
    readPassword: readPasswordFromStdin,
    openStore: () =>
      openStore({
        databaseUrl: config.DATABASE_URL,
        dataDir: config.DATA_DIR,
        templateFile: pgliteTemplateFile(config.BUILD_DIR),
      }),
  }).catch((error: unknown) => {
    console.error(error instanceof CliError ? error.message : error);
    process.exit(1);
  });
}
