import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { testConfig } from "./config";
import { redactMessage, serializeError } from "./logging";
import type { Store } from "./store/database";
import { STORE_KINDS, logCapture, useTestStore, type TestStore } from "./test-support/test-helpers";
import { homepageLead, nurseApplication } from "./test-support/test-fixtures";
import { addAccount, signIn } from "./test-support/staff-test-helpers";

const SECRETS = {
  firstName: "Zebulon",
  lastName: "Quixtanova",
  email: "zebulon.q@private.example",
  phone: "(404) 555-0199",
  zip: "30309",
};
const PERSONAL = {
  firstName: SECRETS.firstName,
  lastName: SECRETS.lastName,
  email: SECRETS.email,
  phone: SECRETS.phone,
};

describe("error serializer", () => {
  it("keeps kind, code, frames and cause; drops params, query and detail; redacts the message", () => {
    const cause = Object.assign(new Error(`invalid input syntax for type integer: "${SECRETS.email}"`), {
      code: "22P02",
      detail: `Key (email)=(${SECRETS.email})`,
      params: [SECRETS.firstName],
    });
    const error = Object.assign(
      new Error(`Failed query: insert into leads values ($1, $2)\nparams: ${SECRETS.firstName},${SECRETS.phone}`, {
        cause,
      }),
      {
        query: "insert into leads values ($1, $2)",
        params: [SECRETS.firstName, SECRETS.phone],
        parameters: [SECRETS.email],
      },
    );
    const logged = serializeError(error);
    expect(JSON.stringify(logged)).not.toMatch(/Zebulon|zebulon|555-0199|Key \(email\)/);
    expect(logged).toMatchObject({
      type: "Error",
      message: "Failed query: insert into leads values ($1, $2)",
      cause: { code: "22P02" },
    });
    expect(logged.cause?.message).toBe("invalid input syntax for type integer: [redacted]");
    expect(logged.stack).toMatch(/^\s+at /);
    expect(Object.keys(logged)).not.toContain("params");
  });

  it("redacts e-mail addresses, long numbers and quoted values in any message", () => {
    expect(redactMessage(`no user ${SECRETS.email} with phone +1 404 555 0199 named 'Zeb'`)).toBe(
      "no user [redacted] with phone [redacted] named [redacted]",
    );
    expect(serializeError("a string thrown")).toMatchObject({ type: "string", message: "a string thrown" });
  });
});

/** A store whose every transaction fails the way a driver does: a real query error over the visitor's data. */
function failingStore(store: Store): Store {
  const db = new Proxy(store.db, {
    get(target, property, receiver) {
      const fail = async () => {
        await target.execute(sql`select ${SECRETS.email}::int, ${SECRETS.firstName}, ${SECRETS.phone}`);
      };
      if (property === "transaction") return fail;
      // A lead is written as one statement on the driver's own client (lead-intake.ts): it fails the same way.
      if (property === "$client") return { query: fail };
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { ...store, db };
}

describe.each(STORE_KINDS)("no personal data in the log on any error path (%s)", (kind) => {
  let store: TestStore;
  useTestStore(kind, (made) => (store = made));

  it("400, 403, 413, 415, 429 and 500: the captured log (level trace) holds none of the visitor's data", async () => {
    const { stream, lines } = logCapture();
    const config = testConfig({
      BUILD_DIR: "/nonexistent-build",
      RATE_LIMIT_PER_MINUTE: 2,
      RATE_LIMIT_EXEMPT_IPS: [],
      MIN_FILL_SECONDS: 0,
    });
    const app = await buildApp(config, { store: failingStore(store), logger: { level: "trace", stream } });
    const post = (url: string, payload: string, headers: Record<string, string> = {}, remoteAddress: string) =>
      app.inject({
        method: "POST",
        url,
        payload,
        headers: { "content-type": "application/json", ...headers },
        remoteAddress,
      });
    const statuses: number[] = [];
    const lead = JSON.stringify(homepageLead(PERSONAL));
    const application = JSON.stringify(
      nurseApplication({ ...PERSONAL, zipCode: SECRETS.zip, message: `Call ${SECRETS.phone}` }),
    );
    const cases: Array<[string, string, Record<string, string>?, string?]> = [
      ["/api/leads", lead], // 500: the store throws a real driver error over these values
      ["/api/nurse-applications", application], // 500
      ["/api/leads", JSON.stringify(homepageLead({ ...PERSONAL, phone: "12" }))], // 400 validation
      ["/api/leads", `{"email":"${SECRETS.email}","firstName":"${SECRETS.firstName}",`], // 400 malformed JSON
      ["/api/leads", JSON.stringify(homepageLead({ ...PERSONAL, lastName: `${SECRETS.lastName}\u0000` }))], // 400 control character
      ["/api/leads", JSON.stringify({ ...homepageLead(PERSONAL), facilityName: "x".repeat(20_000) })], // 413
      ["/api/leads", lead, { "content-type": "text/plain" }], // 415
      ["/api/leads", lead, { origin: "https://evil.example" }], // 403
      ["/api/nurse-applications", application, {}, "203.0.113.9"],
      ["/api/nurse-applications", application, {}, "203.0.113.9"],
      ["/api/nurse-applications", application, {}, "203.0.113.9"], // 429
    ];
    for (const [i, [url, payload, headers, ip]] of cases.entries())
      statuses.push((await post(url, payload, headers, ip ?? `203.0.113.${i + 1}`)).statusCode);
    await app.close();

    expect(statuses).toEqual([500, 500, 400, 400, 400, 413, 415, 403, 500, 500, 429]);
    const log = lines.join("\n");
    for (const secret of [...Object.values(SECRETS), "zebulon", "4045550199", "555-0199"])
      expect(log).not.toContain(secret);
    const failures = lines
      .map((line) => JSON.parse(line) as { msg?: string; err?: { type: string; stack: string } })
      .filter((entry) => entry.msg === "request failed");
    expect(failures).toHaveLength(4);
    expect(failures[0]!.err!.stack).toMatch(/\s+at /); // the fault can still be found
  });
});

describe.each(STORE_KINDS)("query strings stay out of the log (%s)", (kind) => {
  let store: TestStore;
  useTestStore(kind, (made) => (store = made));

  it("a staff search for an e-mail or phone, answered or failed, leaves no trace of it in the captured log (level trace)", async () => {
    const { stream, lines } = logCapture();
    const app = await buildApp(testConfig({ BUILD_DIR: "/nonexistent-build" }), {
      store,
      logger: { level: "trace", stream },
    });
    await addAccount(store.db, "worker@provider.example");
    const { headers } = await signIn(app, "worker@provider.example");
    const q = encodeURIComponent(SECRETS.email);
    const statuses = [
      (await app.inject({ url: `/api/staff/leads?q=${q}`, headers })).statusCode,
      (await app.inject({ url: `/api/staff/leads?q=${encodeURIComponent(SECRETS.phone)}&status=new`, headers }))
        .statusCode,
      (await app.inject({ url: `/api/staff/leads?q=${q}&cursor=not-a-cursor`, headers })).statusCode,
      (await app.inject({ url: `/api/staff/leads.csv?q=${q}`, headers })).statusCode, // the export is for admins: staff get 403, logged by path too
      (await app.inject({ url: `/api/staff/nurse-applications?q=${SECRETS.email}`, headers })).statusCode,
      (await app.inject({ url: `/api/staff/leads?q=${q}` })).statusCode, // no session
      (await app.inject({ url: `/api/nope?email=${SECRETS.email}&name=${SECRETS.lastName}` })).statusCode,
      (
        await app.inject({
          method: "POST",
          url: `/api/leads?email=${SECRETS.email}`,
          payload: "{",
          headers: { "content-type": "application/json" },
        })
      ).statusCode,
    ];
    await app.close();
    expect(statuses).toEqual([200, 200, 400, 403, 200, 401, 404, 400]);
    const log = lines.join("\n");
    expect(log).toContain('"url":"/api/staff/leads"'); // the path is still logged
    for (const secret of [SECRETS.email, q, "zebulon", SECRETS.lastName, "555-0199", "4045550199", "404%29"])
      expect(log).not.toContain(secret);
  });

  it("redacts a query string inside any logged message", () => {
    expect(redactMessage(`Route GET:/api/staff/leads?q=${SECRETS.lastName}&x=1 not found`)).toBe(
      "Route GET:/api/staff/leads?[redacted] not found",
    );
    expect(redactMessage("did you forget? yes")).toBe("did you forget? yes");
  });
});
