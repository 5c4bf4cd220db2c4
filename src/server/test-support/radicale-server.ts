import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./test-receiver";

/**
 * A real CalDAV server for the bookings' tests (decision 0036): Radicale (the Debian package
 * `radicale`), started on a free port of 127.0.0.1 with its own folder and plain-text users, and
 * a calendar made for each user. `npm run dev` can use one started the same way (README).
 */
export class RadicaleServer {
  private child: ChildProcess | undefined;
  private folder = "";
  port = 0;
  output = "";

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The calendar collection of a user (what a staff member links). */
  calendarUrl(user: string): string {
    return `${this.baseUrl}/${user}/calendar/`;
  }

  async start(users: Record<string, string>, port?: number): Promise<this> {
    this.folder = mkdtempSync(join(tmpdir(), "radicale-"));
    const htpasswd = join(this.folder, "users");
    writeFileSync(
      htpasswd,
      Object.entries(users)
        .map(([user, password]) => `${user}:${password}`)
        .join("\n") + "\n",
    );
    this.port = port ?? (await freePort());
    this.child = spawn(
      "radicale",
      [
        "--config",
        "",
        "--server-hosts",
        `127.0.0.1:${this.port}`,
        "--storage-filesystem-folder",
        join(this.folder, "collections"),
        "--auth-type",
        "htpasswd",
        "--auth-htpasswd-filename",
        htpasswd,
        "--auth-htpasswd-encryption",
        "plain",
        "--rights-type",
        "owner_only",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    this.child.stdout!.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr!.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`radicale exited:\n${this.output}`);
      try {
        await fetch(this.baseUrl);
        break;
      } catch {
        if (Date.now() > deadline) throw new Error(`radicale did not start:\n${this.output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    for (const [user, password] of Object.entries(users)) {
      const made = await fetch(this.calendarUrl(user), {
        method: "MKCALENDAR",
        headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` },
      });
      if (made.status !== 201) throw new Error(`MKCALENDAR answered ${made.status}`);
    }
    return this;
  }

  /** Puts an event straight into a user's calendar (as their phone would). */
  async putEvent(user: string, password: string, uid: string, start: string, end: string): Promise<void> {
    const stamp = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    const body = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//test//radicale//EN",
      "BEGIN:VEVENT",
      `UID:${uid}`,
      `DTSTAMP:${stamp(new Date().toISOString())}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(end)}`,
      "SUMMARY:Dentist",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    const put = await fetch(`${this.calendarUrl(user)}${uid}.ics`, {
      method: "PUT",
      headers: {
        authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`,
        "content-type": "text/calendar",
      },
      body,
    });
    if (put.status !== 201) throw new Error(`PUT answered ${put.status}`);
  }

  /** The UIDs of the events in a user's calendar. */
  async uids(user: string, password: string): Promise<string[]> {
    const response = await fetch(this.calendarUrl(user), {
      method: "PROPFIND",
      headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`, depth: "1" },
    });
    const text = await response.text();
    const files = [...text.matchAll(/<[^>]*href>([^<]+\.ics)<\/[^>]*href>/g)].map((m) => m[1]!);
    const uids: string[] = [];
    for (const file of files) {
      const event = await fetch(new URL(file, this.baseUrl), {
        headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` },
      });
      const uid = /^UID:(.+)$/m.exec(await event.text())?.[1]?.trim();
      if (uid) uids.push(uid);
    }
    return uids;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  }

  async destroy(): Promise<void> {
    await this.stop();
    if (this.folder) rmSync(this.folder, { recursive: true, force: true });
  }
}
