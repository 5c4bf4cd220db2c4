import type * as Schemas from "./validator-schemas";

/**
 * zod and the domain's schemas weigh ~30 KB gzip: more than the budget for a page's first
 * JavaScript leaves. Forms gate their steps without them (domain/wizard-steps) and load them
 * on first need; `prefetchValidators` on the form's first focus makes that need instant.
 */
export type Validators = typeof Schemas;

let loading: Promise<Validators> | undefined;

export function loadValidators(): Promise<Validators> {
  loading ??= import("./validator-schemas");
  return loading;
}

export function prefetchValidators(): void {
  void loadValidators().catch(() => {
    loading = undefined; // a failed chunk load is retried on the next need
  });
}
