import { describe, expect, it } from "vitest";
import { safeEqual } from "./constant-time";

describe("safeEqual", () => {
  it("is true only for the same string", () => {
    expect(safeEqual("s3cret", "s3cret")).toBe(true);
    expect(safeEqual("s3cret", "s3creT")).toBe(false);
    expect(safeEqual("s3cre", "s3cret")).toBe(false);
    expect(safeEqual("", "s3cret")).toBe(false);
  });

  it("is false for anything that is not a string", () => {
    expect(safeEqual(undefined, "s3cret")).toBe(false);
    expect(safeEqual(["s3cret"], "s3cret")).toBe(false);
  });
});
