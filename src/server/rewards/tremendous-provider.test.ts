import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { deliveryStatusOf, orderStatusOf, providerErrorOf } from "./tremendous-provider";

describe("the Tremendous adapter's words", () => {
  it("maps order and delivery statuses onto ours", () => {
    expect(orderStatusOf("EXECUTED")).toBe("ordered");
    expect(orderStatusOf("CART")).toBe("ordered");
    expect(orderStatusOf("PENDING APPROVAL")).toBe("pending_approval");
    expect(orderStatusOf("PENDING INTERNAL PAYMENT APPROVAL")).toBe("pending_approval");
    expect(orderStatusOf("CANCELED")).toBe("canceled");
    expect(orderStatusOf("FAILED")).toBe("failed");
    expect(deliveryStatusOf("SUCCEEDED")).toBe("delivered");
    expect(deliveryStatusOf("FAILED")).toBe("failed");
    expect(deliveryStatusOf("SCHEDULED")).toBe("ordered");
  });

  it("sorts the client's failures into refused, unavailable and timeout", () => {
    const refused = providerErrorOf({
      isAxiosError: true,
      response: { status: 422, data: { errors: { message: "Recipient email is invalid", payload: {} } } },
    });
    expect([refused.kind, refused.providerMessage, refused.statusCode]).toEqual([
      "refused",
      "Recipient email is invalid",
      422,
    ]);
    expect(providerErrorOf({ isAxiosError: true, response: { status: 429, data: {} } }).kind).toBe("unavailable");
    expect(providerErrorOf({ isAxiosError: true, response: { status: 503, data: "<html>" } }).providerMessage).toBe(
      "the rewards provider answered 503",
    );
    expect(providerErrorOf({ isAxiosError: true, code: "ECONNABORTED" }).kind).toBe("timeout");
    expect(providerErrorOf({ isAxiosError: true, code: "ECONNRESET" }).kind).toBe("timeout");
    expect(providerErrorOf({ isAxiosError: true, code: "ECONNREFUSED" }).kind).toBe("unavailable");
    expect(providerErrorOf(new Error("boom")).kind).toBe("unavailable");
  });

  it("refuses to start with the provider but without its key, campaign or webhook key", () => {
    expect(() => loadConfig({ REWARDS_PROVIDER: "tremendous" })).toThrow(
      /TREMENDOUS_API_KEY: is required[\s\S]*TREMENDOUS_CAMPAIGN_ID[\s\S]*TREMENDOUS_WEBHOOK_KEY/,
    );
    const config = loadConfig({
      REWARDS_PROVIDER: "tremendous",
      TREMENDOUS_API_KEY: "k",
      TREMENDOUS_PRODUCT_IDS: "A1, B2",
      TREMENDOUS_WEBHOOK_KEY: "0123456789abcdef",
    });
    expect(config.TREMENDOUS_API_URL).toBe("https://testflight.tremendous.com/api/v2");
    expect(config.TREMENDOUS_PRODUCT_IDS).toEqual(["A1", "B2"]);
    expect(loadConfig({}).REWARDS_PROVIDER).toBeUndefined();
  });
});
