import fc from "fast-check";

/**
 * For the fuzz tests: a valid body's fields each kept, dropped, or replaced by anything (wrong
 * types, odd strings), plus up to two odd extra keys.
 */
export function around(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const field = (value: unknown) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(value) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.anything() },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      {
        weight: 1,
        arbitrary: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 })),
      },
    );
  const entries = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, field(value)]));
  return fc
    .tuple(fc.record(entries), fc.dictionary(fc.string({ maxLength: 12 }), fc.anything(), { maxKeys: 2 }))
    .map(([body, extra]) => ({ ...extra, ...body }));
}
