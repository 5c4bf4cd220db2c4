import { execFile } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  VOICE_ASSISTANT_NAME,
  VOICE_FIRST_MESSAGE,
  VOICE_INSTRUCTIONS,
  VOICE_STRUCTURED_DATA_SCHEMA,
} from "../../domain/voice-assistant";
import { runVoiceAssistantCli } from "./assistant-sync";
import { VapiStandIn } from "../test-support/vapi-stand-in";

const KEY = "11111111-2222-4333-8444-555555555555";
const SECRET = "voice-secret-of-the-test-1234";
const run = promisify(execFile);

/** Runs the command in this process, with its output captured. */
async function cli(args: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runVoiceAssistantCli(args, env, {
    log: (line) => out.push(line),
    error: (line) => err.push(line),
  });
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

/** Runs `npm run voice:assistant`'s script as its own process, as an operator would. */
async function spawnCli(args: string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await run("node_modules/.bin/tsx", ["scripts/voice-assistant.ts", ...args], {
      env: { PATH: process.env.PATH, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("npm run voice:assistant against a stand-in of the provider's assistant API", () => {
  let provider: VapiStandIn;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    provider = await new VapiStandIn(KEY).start();
  });
  afterAll(() => provider.stop());
  afterEach(() => {
    provider.requests.length = 0;
    provider.assistants.clear();
  });
  const settings = () => ({
    VAPI_PRIVATE_KEY: KEY,
    VAPI_API_URL: provider.url,
    SITE_URL: "https://leads.example",
    VOICE_WEBHOOK_SECRET: SECRET,
  });

  it("creates the assistant once (a child process), then updates the same one found by name, and --check passes", async () => {
    env = settings();
    const first = await spawnCli([], env);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(provider.sent("POST")).toHaveLength(1);
    const [id] = [...provider.assistants.keys()];
    expect(first.stdout).toContain(`VITE_VAPI_ASSISTANT_ID=${id}`);

    const [create] = provider.sent("POST");
    expect(create!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(create!.body).toEqual({
      name: VOICE_ASSISTANT_NAME,
      firstMessage: VOICE_FIRST_MESSAGE,
      model: { provider: "openai", model: "gpt-4o", messages: [{ role: "system", content: VOICE_INSTRUCTIONS }] },
      serverMessages: ["end-of-call-report", "status-update"],
      server: { url: "https://leads.example/api/voice/events", headers: { "X-Vapi-Secret": SECRET } },
      analysisPlan: { structuredDataPlan: { enabled: true, schema: VOICE_STRUCTURED_DATA_SCHEMA } },
    });

    const second = await cli([], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`Updated assistant ${id}`);
    expect(provider.sent("POST")).toHaveLength(1);
    expect(provider.sent("GET").map((request) => request.path)).toEqual([
      "/assistant?limit=1000",
      "/assistant?limit=1000",
    ]);
    expect(provider.sent("PATCH").map((request) => request.path)).toEqual([`/assistant/${id}`]);
    expect(provider.sent("PATCH")[0]!.body).toEqual(create!.body);
    expect(provider.assistants.size).toBe(1);

    const check = await cli(["--check"], env);
    expect(check).toMatchObject({ code: 0, stderr: "" });
    expect(check.stdout).toContain(`Assistant ${id} matches`);
  }, 90_000);

  it("updates the assistant VAPI_ASSISTANT_ID names, and refuses to create one when that id is unknown", async () => {
    await cli([], settings());
    const [id] = [...provider.assistants.keys()];
    expect(
      (await cli([], { ...settings(), VAPI_ASSISTANT_ID: id, VOICE_WEBHOOK_SECRET_HEADER: "X-Voice-Token" })).code,
    ).toBe(0);
    expect(provider.sent("GET").at(-1)!.path).toBe(`/assistant/${id}`);
    expect(provider.assistants.get(id!)!.server).toEqual({
      url: "https://leads.example/api/voice/events",
      headers: { "X-Voice-Token": SECRET },
    });

    const unknown = await cli([], { ...settings(), VAPI_ASSISTANT_ID: "99999999-2222-4333-8444-555555555555" });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("The voice provider answered 404: Couldn't Get Assistant. `assistant` Not Found");
    expect(provider.sent("POST")).toHaveLength(1);
  });

  it("--check fails after the provider's copy is changed, naming each difference (never the secret)", async () => {
    await cli([], settings());
    const [id] = [...provider.assistants.keys()];
    const copy = provider.assistants.get(id!)!;
    const schema = structuredClone(VOICE_STRUCTURED_DATA_SCHEMA);
    schema.properties!.role!.enum = ["director_of_nursing", "administrator"];
    provider.assistants.set(id!, {
      ...copy,
      firstMessage: "Hello!",
      serverMessages: ["status-update"],
      server: { url: "https://old.example/api/voice/events", headers: { "x-vapi-secret": "another-secret-of-16" } },
      analysisPlan: { structuredDataPlan: { enabled: true, schema } },
      voice: { provider: "11labs", voiceId: "burt" },
    });
    const check = await cli(["--check"], settings());
    expect(check.code).toBe(1);
    const lines = check.stderr
      .split("\n")
      .slice(1)
      .map((line) => line.trim());
    expect(lines).toEqual([
      `firstMessage: expected ${JSON.stringify(VOICE_FIRST_MESSAGE).slice(0, 77)}..., found "Hello!"`,
      'serverMessages: expected ["end-of-call-report","status-update"], found ["status-update"]',
      'server.url: expected "https://leads.example/api/voice/events", found "https://old.example/api/voice/events"',
      "server.headers.X-Vapi-Secret: differs from VOICE_WEBHOOK_SECRET (value not shown)",
      'analysisPlan.structuredDataPlan.schema.properties.role.enum: expected ["director_of_nursing","administrator","scheduler","other","nurse"], found ["director_of_nursing","administrator"]',
    ]);
    expect(check.stderr).not.toContain("another-secret-of-16");
    expect(provider.sent("PATCH")).toHaveLength(0);
  });

  it("exits non-zero with the provider's status and message on a 401 (a child process), sending nothing more", async () => {
    const result = await spawnCli([], { ...settings(), VAPI_PRIVATE_KEY: "00000000-0000-4000-8000-000000000000" });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      "The voice provider answered 401: Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.",
    );
    expect(provider.requests.map((request) => request.method)).toEqual(["GET"]);
    expect(provider.assistants.size).toBe(0);
  }, 60_000);

  it("refuses to pick between two assistants of its name", async () => {
    await cli([], settings());
    provider.assistants.set("second", {
      id: "second",
      name: VOICE_ASSISTANT_NAME,
      createdAt: "2026-11-24T10:00:00.000Z",
    });
    const result = await cli([], settings());
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^2 assistants are named "Facility lead qualification" \(second, [0-9a-f-]+\): set VAPI_ASSISTANT_ID/,
    );
    expect(provider.sent("POST")).toHaveLength(1);
    expect(provider.sent("PATCH")).toHaveLength(0);
  });

  it("--dry-run prints the JSON it would send, the secret hidden, and calls nothing (no private key needed)", async () => {
    const { VAPI_PRIVATE_KEY: _, ...withoutKey } = settings();
    const result = await cli(["--dry-run"], withoutKey);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout.slice(result.stdout.indexOf("{"))) as { server: unknown; name: string };
    expect(json.name).toBe(VOICE_ASSISTANT_NAME);
    expect(json.server).toEqual({
      url: "https://leads.example/api/voice/events",
      headers: { "X-Vapi-Secret": "<VOICE_WEBHOOK_SECRET>" },
    });
    expect(result.stdout).not.toContain(SECRET);
    expect(provider.requests).toEqual([]);
  });

  it("names each missing or bad setting, and refuses a private key that a browser (VITE_) setting carries", async () => {
    const missing = await cli([], { VAPI_API_URL: provider.url });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("SITE_URL is required");
    expect(missing.stderr).toContain("VOICE_WEBHOOK_SECRET is required");
    expect((await cli([], { ...settings(), VAPI_PRIVATE_KEY: "" })).stderr).toContain("VAPI_PRIVATE_KEY is required");
    expect((await cli([], { ...settings(), VOICE_WEBHOOK_SECRET: "short" })).stderr).toContain(
      "VOICE_WEBHOOK_SECRET must be at least 16 characters",
    );
    const leaked = await cli([], { ...settings(), VITE_VAPI_PUBLIC_KEY: KEY });
    expect(leaked.code).toBe(1);
    expect(leaked.stderr).toContain("VITE_VAPI_PUBLIC_KEY holds VAPI_PRIVATE_KEY");
    expect(provider.requests).toEqual([]);
  });

  it("defaults the API to the provider's own, and answers 2 to an unknown option", async () => {
    const result = await cli(["--dry-run"], { SITE_URL: "https://leads.example", VOICE_WEBHOOK_SECRET: SECRET });
    expect(result.stdout).toContain("POST https://api.vapi.ai/assistant");
    expect((await cli(["--force"], settings())).code).toBe(2);
  });
});

describe("the private key stays out of the browser build", () => {
  it("is read by no web source, and no browser setting prefix (vite envPrefix) takes it", () => {
    const files = readdirSync("src/web", { recursive: true, encoding: "utf8" }).filter((file) =>
      /\.(ts|tsx)$/.test(file),
    );
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) expect(readFileSync(join("src/web", file), "utf8")).not.toContain("VAPI_PRIVATE_KEY");
    const prefixes = /envPrefix:\s*\[([^\]]*)\]/
      .exec(readFileSync("vite.config.ts", "utf8"))![1]!
      .match(/"([^"]+)"/g)!
      .map((p) => p.slice(1, -1));
    expect(prefixes.length).toBeGreaterThan(0);
    for (const prefix of prefixes) expect("VAPI_PRIVATE_KEY".startsWith(prefix)).toBe(false);
  });
});
