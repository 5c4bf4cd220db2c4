import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SOURCE_LABELS } from "../../domain/enumerations";
import { STORE_KINDS } from "../test-support/test-helpers";
import { homepageLead, nurseApplication, qualifyLead } from "../test-support/test-fixtures";
import { forwardingHarness } from "../test-support/forwarding-harness";

const SECRET_BYTES = Buffer.from("a-secret-of-the-receiver-32bytes");
const SECRET = `whsec_${SECRET_BYTES.toString("base64")}`;

/** Real local receivers get exactly the bodies and headers of spec 3.1-3.3. */
describe.each(STORE_KINDS)("forwarded bodies on %s", (kind) => {
  const h = forwardingHarness(kind);
  const { receiver, start, post, rows, waitForStatus } = h;

  it("sends a qualify-page lead to QUALIFY_WEBHOOK_URL with exactly the fields of spec 3.2, signed", async () => {
    const hook = await receiver();
    await start({ QUALIFY_WEBHOOK_URL: hook.url("/qualify"), WEBHOOK_SIGNING_SECRET: SECRET });
    const created = await post("/api/leads", qualifyLead());
    expect(created.statusCode).toBe(201);
    const [request] = await hook.waitFor(1);
    const body = JSON.parse(request!.body);
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/qualify");
    // Exactly the fields of spec 3.2, in its order.
    expect(Object.keys(body)).toEqual([
      "facilityName",
      "facilityType",
      "location",
      "rolesNeeded",
      "urgency",
      "shiftTypes",
      "firstName",
      "lastName",
      "title",
      "email",
      "phone",
      "consentAgreed",
      "trafficSource",
      "timestamp",
      "source",
    ]);
    expect(body.facilityName).toBe("Lakeside Hospital");
    expect(body.facilityType).toBe("hospital");
    expect(body.location).toBe("Texas");
    expect(body.rolesNeeded).toEqual(["LPN"]);
    expect(body.urgency).toBe("immediate");
    expect(body.shiftTypes).toEqual(["7a-3pm", "11pm-7am"]);
    expect(body.firstName).toBe("Sam");
    expect(body.lastName).toBe("Ortiz");
    expect(body.title).toBe("");
    expect(body.email).toBe("sam@lakeside.example");
    expect(body.phone).toBe("(555) 987-6543");
    expect(body.consentAgreed).toBe(true);
    expect(body.trafficSource).toBe("linkedin");
    expect(body.source).toBe("qualify_page");
    expect(Date.parse(body.timestamp)).not.toBeNaN();

    const [row] = await waitForStatus("delivered");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["idempotency-key"]).toBe(row!.id);
    expect(request!.headers["webhook-id"]).toBe(row!.id);
    const timestamp = request!.headers["webhook-timestamp"] as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const expected = createHmac("sha256", SECRET_BYTES)
      .update(`${row!.id}.${timestamp}.${request!.body}`)
      .digest("base64");
    expect(request!.headers["webhook-signature"]).toBe(`v1,${expected}`);
    expect(row!.attempts).toBe(1);
    expect(row!.deliveredAt).toBeInstanceOf(Date);
  });

  it("sends a landing-page lead to HOMEPAGE_WEBHOOK_URL with the fields of spec 3.3 and JSON content type", async () => {
    const hook = await receiver();
    await start({ HOMEPAGE_WEBHOOK_URL: hook.url("/homepage") });
    expect((await post("/api/leads", homepageLead())).statusCode).toBe(201);
    const [request] = await hook.waitFor(1);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["webhook-signature"]).toBeUndefined();
    expect(Object.keys(JSON.parse(request!.body)).slice(-3)).toEqual(["userAgent", "referrer", "url"]);
    expect(JSON.parse(request!.body)).toEqual({
      facilityName: "Sunrise Care Center",
      facilityType: "nursing_home",
      location: "Georgia",
      rolesNeeded: ["CNA", "RN"],
      urgency: "this_week",
      shiftTypes: ["Day Shift", "Weekend"],
      firstName: "Dana",
      lastName: "Reyes",
      title: "Director of Nursing",
      email: "dana@sunrise.example",
      phone: "(555) 123-4567",
      consentAgreed: true,
      trafficSource: "google",
      timestamp: "2026-11-22T10:00:00.000Z",
      source: "homepage_form",
      userAgent: "Mozilla/5.0 test",
      referrer: "https://www.google.com/",
      url: "http://localhost:3000/?utm_source=google",
    });
  });

  it("sends a nurse application to NURSE_FORM_URL with the fields of spec 3.1", async () => {
    const hook = await receiver();
    await start({ NURSE_FORM_URL: hook.url("/nurse") });
    expect(
      (await post("/api/nurse-applications", nurseApplication({ timestamp: "2026-11-22T09:00:00.000Z" }))).statusCode,
    ).toBe(201);
    const [request] = await hook.waitFor(1);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request!.body)).toEqual({
      firstName: "Ana",
      lastName: "Lopez",
      email: "ana@nurse.example",
      phone: "(555) 222-3333",
      zipCode: "30009",
      classification: "CNA & CMA",
      desiredLocation: "Puerto Rico",
      message: "No additional message provided",
      _subject: "New Nurse Application: Ana Lopez",
      source: SOURCE_LABELS.nurse_application,
      timestamp: "2026-11-22T09:00:00.000Z",
    });
  });

  it("sends nothing where no destination is configured for that form", async () => {
    const hook = await receiver();
    await start({ NURSE_FORM_URL: hook.url() });
    expect((await post("/api/leads", homepageLead())).statusCode).toBe(201);
    expect(await rows()).toEqual([]);
  });

  it("stores spam without any delivery", async () => {
    const hook = await receiver();
    await start({ HOMEPAGE_WEBHOOK_URL: hook.url(), NURSE_FORM_URL: hook.url() });
    expect((await post("/api/leads", homepageLead({ companyWebsite: "http://spam.example" }))).statusCode).toBe(201);
    expect((await post("/api/nurse-applications", nurseApplication({ formStartedAt: Date.now() }))).statusCode).toBe(
      201,
    );
    expect(await rows()).toEqual([]);
  });
});
