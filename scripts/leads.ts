/**
 * npm run leads -- list|export|deliveries|retry [id] | erase|export-person|opt-out PERSON | requests | retention
 *
 * A thin client of the running server's admin API (the embedded database can be open in one
 * process only). Reads SERVER_URL (default http://127.0.0.1:$PORT, PORT default 3000) and ADMIN_TOKEN.
 */
import process from "node:process";
import { writeFileSync } from "node:fs";

const USAGE = `Usage: npm run leads -- <command>
  list [nurses]        recent leads (or nurse applications), newest first
  export [file]        all leads as CSV (RFC 4180) to stdout or a file
  export-nurses [file] all nurse applications as CSV
  deliveries [failed|pending|delivered]   deliveries with their last error
  retry <id>           retry one failed delivery
  retry all            retry every failed delivery
  erase PERSON --reference REF --reason WHY   erase everything kept about a person (e-mail, phone or lead id)
  export-person PERSON [--reference REF] [file]   everything kept about a person, as one JSON document
  opt-out PERSON [--reference REF]   record "do not contact" for a person: no more e-mails
  requests             the log of erasures, exports and opt-outs
  retention            apply the retention periods now (RETENTION_* on the server)
Environment: ADMIN_TOKEN (required), SERVER_URL (default http://127.0.0.1:3000)`;

export class CliError extends Error {}

export function serverUrl(env: NodeJS.ProcessEnv): string {
  return (env.SERVER_URL ?? `http://127.0.0.1:${env.PORT ?? "3000"}`).replace(/\/$/, "");
}

async function call(env: NodeJS.ProcessEnv, path: string, method = "GET", body?: object): Promise<Response> {
  const token = env.ADMIN_TOKEN;
  if (!token) throw new CliError("ADMIN_TOKEN is not set: set it to the server's ADMIN_TOKEN.");
  const base = serverUrl(env);
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new CliError(`The server is not running at ${base} (start it with npm run serve, or set SERVER_URL).`);
  }
  if (response.status === 401) throw new CliError("The admin token is wrong: ADMIN_TOKEN does not match the server's.");
  if (response.status === 429)
    throw new CliError("Too many failed attempts: wait a few minutes and check ADMIN_TOKEN.");
  if (response.status === 404 && path.startsWith("/api/admin/leads")) {
    throw new CliError("The server has no admin API: start it with ADMIN_TOKEN set.");
  }
  return response;
}

interface Row {
  [key: string]: unknown;
}

function table(rows: Row[], columns: string[]): string {
  if (rows.length === 0) return "(none)";
  const cells = rows.map((row) => columns.map((c) => String(row[c] ?? "")));
  const widths = columns.map((c, i) => Math.min(40, Math.max(c.length, ...cells.map((r) => r[i]!.length))));
  const line = (values: string[]) => values.map((v, i) => v.slice(0, 40).padEnd(widths[i]!)).join("  ");
  return [line(columns), ...cells.map(line)].join("\n");
}

function qualificationLine(row: Row): string {
  const who = `${String(row.facilityName)} (${String(row.firstName)} ${String(row.lastName)}): ${String(row.qualificationStatus)}`;
  const details = [row.qualificationAnswers, row.voiceSummary ? `voice summary: ${String(row.voiceSummary)}` : ""]
    .filter(Boolean)
    .join("; ");
  return `  ${who} via ${String(row.qualificationChannel)}. ${details}`;
}

/** `--name value` options out of the arguments; the rest in order. */
function options(args: string[]): { rest: string[]; named: Record<string, string> } {
  const rest: string[] = [];
  const named: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith("--")) named[arg.slice(2)] = args[++i] ?? "";
    else rest.push(arg);
  }
  return { rest, named };
}

/** The answer's JSON, or its error as the CLI's. */
async function answerOf<T>(response: Response): Promise<T> {
  const data = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok && response.status !== 202)
    throw new CliError(data.error ?? `The server answered ${response.status}.`);
  return data;
}

/** A person's data on request (decision 0025): erase, export-person, opt-out, requests, retention. */
async function privacyCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
): Promise<boolean> {
  const { rest, named } = options(args);
  const [person, file] = rest;
  switch (command) {
    case "erase": {
      if (!person || !named.reference || !named.reason)
        throw new CliError("erase needs the person (e-mail, phone or lead id), --reference REF and --reason WHY.");
      const data = await answerOf<{
        status: string;
        touched?: Record<string, number>;
        message?: string;
        requestId: string;
      }>(
        await call(env, "/api/admin/privacy/erase", "POST", {
          subject: person,
          reference: named.reference,
          reason: named.reason,
        }),
      );
      if (data.status === "deferred") out(data.message ?? "Deferred.");
      else
        out(
          [
            `Erased (request ${data.requestId}):`,
            ...Object.entries(data.touched ?? {}).map(([table, rows]) => `  ${table}: ${rows}`),
          ].join("\n"),
        );
      return true;
    }
    case "export-person": {
      if (!person) throw new CliError("export-person needs the person (e-mail, phone or lead id).");
      const document = await answerOf<object>(
        await call(env, "/api/admin/privacy/export", "POST", { subject: person, reference: named.reference ?? "" }),
      );
      const text = JSON.stringify(document, null, 2);
      if (file) {
        writeFileSync(file, text, { mode: 0o600 });
        out(`Wrote ${file}`);
      } else out(text);
      return true;
    }
    case "opt-out": {
      if (!person) throw new CliError("opt-out needs the person (e-mail, phone or lead id).");
      const data = await answerOf<{ recorded: number; cancelled: number }>(
        await call(env, "/api/admin/privacy/opt-out", "POST", { subject: person, reference: named.reference ?? "" }),
      );
      out(
        `Do not contact: ${data.recorded} address(es) or phone(s) recorded, ${data.cancelled} waiting e-mail(s) cancelled.`,
      );
      return true;
    }
    case "requests": {
      const { requests } = await answerOf<{ requests: Row[] }>(await call(env, "/api/admin/privacy/requests"));
      out(
        table(
          requests.map((r) => ({ ...r, touched: JSON.stringify(r.touched) })),
          ["at", "kind", "actor", "reference", "subjectKind", "touched"],
        ),
      );
      return true;
    }
    case "retention": {
      const { applied } = await answerOf<{ applied: Record<string, number> }>(
        await call(env, "/api/admin/retention", "POST"),
      );
      out(["Retention applied:", ...Object.entries(applied).map(([what, rows]) => `  ${what}: ${rows}`)].join("\n"));
      return true;
    }
    default:
      return false;
  }
}

export async function run(args: string[], env: NodeJS.ProcessEnv, out: (text: string) => void): Promise<void> {
  const [command, arg] = args;
  if (command && (await privacyCommand(command, args.slice(1), env, out))) return;
  switch (command) {
    case "list": {
      const nurses = arg === "nurses";
      const response = await call(env, nurses ? "/api/admin/nurse-applications" : "/api/admin/leads");
      const data = (await response.json()) as { leads?: Row[]; applications?: Row[] };
      const rows = (nurses ? data.applications : data.leads) ?? [];
      const columns = nurses
        ? ["receivedAt", "firstName", "lastName", "email", "phone", "classification", "isSpam"]
        : [
            "receivedAt",
            "form",
            "facilityName",
            "firstName",
            "lastName",
            "email",
            "phone",
            "qualificationStatus",
            "isSpam",
          ];
      out(table(rows, columns));
      // The qualification answers in full, under the table (too long for a column).
      const answered = nurses ? [] : rows.filter((row) => row.qualificationAnswers || row.voiceSummary);
      if (answered.length > 0) out(["", "Qualification:", ...answered.map(qualificationLine)].join("\n"));
      return;
    }
    case "export":
    case "export-nurses": {
      const response = await call(
        env,
        command === "export" ? "/api/admin/leads.csv" : "/api/admin/nurse-applications.csv",
      );
      const csv = await response.text();
      if (arg) {
        writeFileSync(arg, csv);
        out(`Wrote ${arg}`);
      } else out(csv.replace(/\r\n$/, ""));
      return;
    }
    case "deliveries": {
      const status = arg ?? "pending,failed";
      const response = await call(env, `/api/admin/deliveries?status=${encodeURIComponent(status)}`);
      if (!response.ok) throw new CliError(((await response.json()) as { error: string }).error);
      const { deliveries } = (await response.json()) as { deliveries: Row[] };
      out(table(deliveries, ["id", "destination", "status", "attempts", "nextAttemptAt", "lastError"]));
      return;
    }
    case "retry": {
      if (!arg) throw new CliError("retry needs a delivery id, or all.");
      const path =
        arg === "all" ? "/api/admin/deliveries/retry-failed" : `/api/admin/deliveries/${encodeURIComponent(arg)}/retry`;
      const response = await call(env, path, "POST");
      if (!response.ok) throw new CliError(((await response.json()) as { error: string }).error);
      const { retried } = (await response.json()) as { retried: number };
      out(`Retrying ${retried} deliver${retried === 1 ? "y" : "ies"}.`);
      return;
    }
    default:
      throw new CliError(USAGE);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run(process.argv.slice(2), process.env, (text) => console.log(text)).catch((error: unknown) => {
    console.error(error instanceof CliError ? error.message : error);
    process.exit(1);
  });
}
