import { execSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, expectNoAxeViolations, test, VIEWPORTS } from "./fixtures";
import { startServer, type RunningServer } from "./server";

/**
 * The voice page against the real SDK (@vapi-ai/web) and a real chat script, in a second build
 * of the site configured to use a local stand-in for the voice API and the chat vendor (the
 * default build, used by the other journeys, stays unconfigured). The stand-in answers CORS.
 * How far this goes: the SDK's POST /call/web and its failure path. Past a successful creation
 * the call library needs Daily's servers (no internet here), so the in-call states are covered
 * by the component test with a fake client (voice-call-card.test.tsx, with axe in jsdom).
 */
const BUILD_DIR = "build/e2e-voice";
const PUBLIC_KEY = "test-public-key";
const ASSISTANT_ID = "test-assistant";

interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

const CHAT_SCRIPT = `(function () {
  var script = document.currentScript;
  var box = document.createElement("p");
  box.textContent = "Stand-in chat ready (" + script.getAttribute("data-widget-id") + ")";
  script.parentElement.appendChild(box);
})();`;

let standIn: Server;
let standInUrl: string;
let site: RunningServer;
const calls: Recorded[] = [];
/** Holds each POST /call/web until the test releases it with a status. */
let release: ((status: number) => void) | null = null;

function cors(response: ServerResponse) {
  response.setHeader("access-control-allow-origin", "*");
  response.setHeader("access-control-allow-headers", "authorization, content-type");
  response.setHeader("access-control-allow-methods", "GET, POST, OPTIONS");
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  cors(response);
  if (request.method === "OPTIONS") return response.writeHead(204).end();
  if (request.method === "GET" && request.url === "/chat-widget.js") {
    return response.writeHead(200, { "content-type": "text/javascript" }).end(CHAT_SCRIPT);
  }
  if (request.method === "POST" && request.url === "/call/web") {
    let raw = "";
    for await (const chunk of request) raw += chunk;
    calls.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      body: JSON.parse(raw || "{}"),
    });
    const status = await new Promise<number>((resolve) => (release = resolve));
    return response
      .writeHead(status, { "content-type": "application/json" })
      .end(JSON.stringify({ message: "stand-in failure" }));
  }
  response.writeHead(404).end();
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  standIn = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  const env = {
    VITE_VAPI_PUBLIC_KEY: PUBLIC_KEY,
    VITE_VAPI_ASSISTANT_ID: ASSISTANT_ID,
    VITE_VAPI_API_URL: standInUrl,
    VITE_CHAT_WIDGET_SRC: `${standInUrl}/chat-widget.js`,
    VITE_CHAT_WIDGET_ATTRIBUTES: '{"data-widget-id":"e2e"}',
  };
  execSync("npx react-router build", { env: { ...process.env, BUILD_DIR, ...env }, stdio: "ignore" });
  site = await startServer({ BUILD_DIR, ...env });
});

test.afterAll(async () => {
  await site?.stop();
  standIn?.closeAllConnections();
  await new Promise((resolve) => standIn?.close(resolve));
  rmSync(BUILD_DIR, { recursive: true, force: true });
});

/** The browser logs the stand-in's 500 itself; that one is expected. */
function dropExpected500(consoleErrors: string[]) {
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes("status of 500")));
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: Start calls the voice API with the public key and assistant; a 500 returns to a retryable state with the message`, async ({
    page,
    consoleErrors,
  }) => {
    calls.length = 0;
    await page.setViewportSize(viewport);
    await page.goto(`${site.baseURL}/voice-agent`);
    const start = page.getByRole("button", { name: "Start Voice Qualification" });
    await expect(start).toBeEnabled();
    await expectNoAxeViolations(page, `${name} idle`);

    await start.click();
    await expect(page.getByRole("button", { name: "Connecting..." })).toBeDisabled();
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]!.authorization).toBe(`Bearer ${PUBLIC_KEY}`);
    expect(calls[0]!.body).toMatchObject({ assistantId: ASSISTANT_ID });
    await expectNoAxeViolations(page, `${name} connecting`);

    release!(500);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Sorry, we couldn't connect the voice call.");
    await expect(alert.getByRole("link", { name: "text chat below" })).toBeVisible();
    await expect(alert.getByRole("link", { name: "(888) 555-0142" })).toHaveAttribute("href", "tel:+18885550142");
    await expect(page.getByRole("button", { name: "Connecting..." })).toHaveCount(0);
    await expect(start).toBeEnabled();
    await expectNoAxeViolations(page, `${name} error`);

    // Try again: the SDK accepts a second start after its failure (the error listener is in place).
    await start.click();
    await expect(page.getByRole("button", { name: "Connecting..." })).toBeDisabled();
    await expect.poll(() => calls.length).toBe(2);
    await expect(alert).toBeEmpty();
    release!(500);
    await expect(alert).toContainText("Sorry, we couldn't connect the voice call.");
    await expect(start).toBeEnabled();
    dropExpected500(consoleErrors);
  });
}

test("the chat script loads after first paint, into its sized container, allowed by the CSP", async ({
  page,
  request,
}) => {
  const html = await (await request.get(`${site.baseURL}/voice-agent`)).text();
  expect(html).not.toContain("chat-widget.js");
  const csp = (await request.get(`${site.baseURL}/voice-agent`)).headers()["content-security-policy"] ?? "";
  expect(csp).toContain(standInUrl);
  expect(csp).toContain("https://c.daily.co");

  await page.goto(`${site.baseURL}/voice-agent`);
  const chat = page.getByRole("region", { name: "Text chat" });
  await expect(chat.getByText("Stand-in chat ready (e2e)")).toBeVisible();
  await expect(chat.getByRole("heading", { name: "Before we start" })).toHaveCount(0);
  const box = await chat.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(500);
  expect(box!.height).toBeLessThanOrEqual(700);
});

test("a configured widget whose script fails to load is replaced by our chat, saying nothing of it", async ({
  page,
  consoleErrors,
}) => {
  await page.route("**/chat-widget.js", (route) => route.abort("connectionrefused"));
  await page.goto(`${site.baseURL}/voice-agent`);
  const chat = page.getByRole("region", { name: "Text chat" });
  await expect(chat.getByRole("heading", { name: "Before we start" })).toBeVisible();
  await expect(chat.getByText("Stand-in chat ready (e2e)")).toHaveCount(0);
  await expect(chat.getByText(/not available|failed/i)).toHaveCount(0);
  await expectNoAxeViolations(page, "widget replaced");
  // The browser logs the refused script itself; that one is expected.
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((error) => !error.includes("ERR_CONNECTION_REFUSED")),
  );
});

test("a configured widget that renders nothing within 8 s is replaced by our chat", async ({ page }) => {
  test.slow();
  await page.route("**/chat-widget.js", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "/* renders nothing */" }),
  );
  await page.goto(`${site.baseURL}/voice-agent`);
  const chat = page.getByRole("region", { name: "Text chat" });
  await expect(chat.getByText("Loading the chat…")).toBeVisible();
  await expect(chat.getByRole("heading", { name: "Before we start" })).toBeVisible({ timeout: 15_000 });
});

test("a call starts with the lead's qualification token, first name and facility in the assistant overrides", async ({
  page,
  request,
  consoleErrors,
}) => {
  calls.length = 0;
  const created = await request.post(`${site.baseURL}/api/leads`, {
    data: {
      form: "chat",
      facilityName: "Bayside Care",
      facilityType: "hospital",
      location: "Maine",
      firstName: "Lee",
      lastName: "Moss",
      email: `voice-${Date.now()}@example.com`,
      phone: "2075550100",
      consentAgreed: true,
    },
  });
  const lead = (await created.json()) as { id: string; qualificationToken: string };
  await page.addInitScript((session) => sessionStorage.setItem("qualification-session", JSON.stringify(session)), {
    leadId: lead.id,
    token: lead.qualificationToken,
    firstName: "Lee",
    facilityName: "Bayside Care",
  });
  await page.goto(`${site.baseURL}/voice-agent`);
  await page.getByRole("button", { name: "Start Voice Qualification" }).click();
  await expect.poll(() => calls.length).toBe(1);
  const expected = { qualificationToken: lead.qualificationToken, leadId: lead.id };
  expect(calls[0]!.body).toMatchObject({ assistantId: ASSISTANT_ID, assistantOverrides: { metadata: expected } });
  // The assistant's first message and instructions greet with these call variables (decision 0018).
  expect(
    (calls[0]!.body as { assistantOverrides: { variableValues: unknown } }).assistantOverrides.variableValues,
  ).toEqual({ ...expected, firstName: "Lee", facilityName: "Bayside Care" });
  release!(500);
  await expect(page.getByRole("button", { name: "Start Voice Qualification" })).toBeEnabled();
  dropExpected500(consoleErrors);
});
