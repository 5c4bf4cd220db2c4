import { describe, expect, it } from "vitest";
import { webcrypto } from "node:crypto";
import { newIdempotencyKey } from "./idempotency-key";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newIdempotencyKey", () => {
  it("uses randomUUID where the context has it", () => {
    expect(
      newIdempotencyKey({
        getRandomValues: () => {
          throw new Error("not used");
        },
        randomUUID: () => "00000000-0000-4000-8000-000000000000",
      }),
    ).toBe("00000000-0000-4000-8000-000000000000");
  });

  it("makes a version-4 UUID from getRandomValues on an insecure origin (no randomUUID)", () => {
    // What an insecure context offers: getRandomValues only.
    const insecure: Pick<Crypto, "getRandomValues"> = {
      getRandomValues: (array) => webcrypto.getRandomValues(array as unknown as Uint8Array) as unknown as typeof array,
    };
    const keys = new Set(Array.from({ length: 200 }, () => newIdempotencyKey(insecure)));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });
});
