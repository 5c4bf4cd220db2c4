import { describe, expect, it } from "vitest";
import { parseUtm, trafficSourceFromUtm } from "./utm";

describe("parseUtm", () => {
  it("keeps every utm_* parameter and nothing else", () => {
    expect(parseUtm("?utm_source=linkedin&utm_campaign=q3&ref=x&gclid=1")).toEqual({
      utm_source: "linkedin",
      utm_campaign: "q3",
    });
  });

  it("cleans what the server would reject: key case, long values, too many keys, empty values", () => {
    const many = Array.from({ length: 12 }, (_, i) => `utm_k${i}=v`).join("&");
    expect(Object.keys(parseUtm(`?${many}`))).toHaveLength(10);
    expect(parseUtm(`?UTM_Source=Google&utm_term=${"a".repeat(300)}&utm_medium=`)).toEqual({
      utm_source: "Google",
      utm_term: "a".repeat(200),
    });
    expect(parseUtm("?utm_bad-key=1")).toEqual({});
  });
});

describe("trafficSourceFromUtm", () => {
  it("matches a traffic source by value or label, in any case", () => {
    expect(trafficSourceFromUtm({ utm_source: "LinkedIn" })).toBe("linkedin");
    expect(trafficSourceFromUtm({ utm_source: "youtube" })).toBe("youtube");
    expect(trafficSourceFromUtm({ utm_source: "newsletter-42" })).toBeUndefined();
    expect(trafficSourceFromUtm({})).toBeUndefined();
  });
});
