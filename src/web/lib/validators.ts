import type * as Schemas from "./validator-schemas";

/**
 * zod and the domain's schemas weigh ~30 KB gzip: more than the budget for a page's first
 * JavaScript leaves. Forms gate their steps without them (domain/wizard-steps) and load them
 * on first need; `prefetchValidators` on the form's first focus makes that need instant.
 */
export type Validators = typeof Schemas;

let loading: Promise<Validators> | undefined;

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * zod first, then the schemas, each evaluated in a task of its own: together they took one task
 * of 80-120 ms on a phone-speed CPU (4x slower), while the visitor was typing (decision 0019).
 */
async function importInSteps(): Promise<Validators> {
  await import("zod");
  await nextTask();
  return import("./validator-schemas");
}

export function loadValidators(): Promise<Validators> {
  loading ??= importInSteps();
  return loading;
}

export function prefetchValidators(): void {
  void loadValidators().catch(() => {
    loading = undefined; // a failed chunk load is retried on the next need
  });
}
