import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ANALYTICS_EVENTS, trackConversion, trackEvent } from "./analytics";
import { GoogleTag, configuredTagIds } from "./google-tag";

afterEach(() => {
  delete window.gtag;
  delete window.dataLayer;
  document.head.querySelectorAll("script").forEach((script) => script.remove());
});

describe("trackEvent", () => {
  it("does nothing (and never throws) without window.gtag", () => {
    expect(() => trackEvent("lead_created")).not.toThrow();
  });

  it("sends the documented events through window.gtag", () => {
    const gtag = vi.fn();
    window.gtag = gtag;
    trackEvent(ANALYTICS_EVENTS.incentiveClick.name, ANALYTICS_EVENTS.incentiveClick.params);
    trackConversion("AW-1/abc");
    expect(gtag).toHaveBeenCalledWith("event", "cta_click_incentive", {
      event_category: "engagement",
      event_label: "incentive_card",
    });
    expect(gtag).toHaveBeenCalledWith("event", "conversion", { send_to: "AW-1/abc", value: 1, currency: "USD" });
  });

  it("swallows a failing tag", () => {
    window.gtag = () => {
      throw new Error("blocked");
    };
    expect(() => trackEvent("x")).not.toThrow();
  });
});

describe("GoogleTag", () => {
  it("loads nothing when no id is configured", () => {
    render(<GoogleTag ids={[]} />);
    expect(document.head.querySelector("script")).toBeNull();
    expect(window.gtag).toBeUndefined();
  });

  it("loads gtag.js for a configured id and queues the config", () => {
    render(<GoogleTag ids={["G-TEST123"]} />);
    expect(document.head.querySelector("script")?.getAttribute("src")).toBe(
      "https://www.googletagmanager.com/gtag/js?id=G-TEST123",
    );
    expect(typeof window.gtag).toBe("function");
    expect(window.dataLayer).toHaveLength(2);
  });

  it("loads nothing on the staff console, whatever is configured", () => {
    window.history.pushState({}, "", "/staff?view=leads");
    try {
      render(<GoogleTag ids={["G-TEST123"]} />);
      expect(document.head.querySelector("script")).toBeNull();
      expect(window.gtag).toBeUndefined();
    } finally {
      window.history.pushState({}, "", "/");
    }
  });

  it("also configures the Ads account of a conversion, and loads for an Ads conversion alone", () => {
    expect(configuredTagIds({ googleTagId: "G-1", adsConversionSendTo: "AW-42/abc" } as never)).toEqual([
      "G-1",
      "AW-42",
    ]);
    expect(configuredTagIds({ adsConversionSendTo: "AW-42/abc" } as never)).toEqual(["AW-42"]);
    expect(configuredTagIds({} as never)).toEqual([]);
    render(<GoogleTag ids={["AW-42"]} />);
    expect(document.head.querySelector("script")?.getAttribute("src")).toBe(
      "https://www.googletagmanager.com/gtag/js?id=AW-42",
    );
    expect(Array.from(window.dataLayer![1] as ArrayLike<unknown>)).toEqual(["config", "AW-42"]);
  });
});
