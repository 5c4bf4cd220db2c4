import { useState } from "react";
import { useLocation, useNavigate, type NavigateOptions } from "react-router";
import { fieldErrorsOf } from "../../../domain/fields";
import type { z } from "zod";
import { formReducer, type FormAction, type FormState } from "../../forms/form-state";

/**
 * A list's filters live in the address (search params): the form starts from them, is checked
 * with the domain's query schema on submit (a refusal shows the error summary, focused), and
 * applying them navigates to the same view with the new search, so a filtered, paged list
 * survives a reload, Back and a copied link. Paging keeps the filters and sets `cursor`.
 */
export function readFilters<K extends string>(
  search: string,
  keys: readonly K[],
  defaults: Partial<Record<K, string>> = {},
): Record<K, string> {
  const params = new URLSearchParams(search);
  return Object.fromEntries(
    keys.map((key) => [key, params.has(key) ? params.get(key)! : (defaults[key] ?? "")]),
  ) as Record<K, string>;
}

/** The search of these filters: blank ones left out, except where blank differs from the view's default. */
export function searchOf(
  filters: Record<string, string>,
  defaults: Record<string, string> = {},
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const trimmed = value.trim();
    if (trimmed || (defaults[key] && trimmed !== defaults[key])) params.set(key, trimmed);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

const reduce = formReducer<Record<string, string>, object>({}) as <K extends string>(
  state: FormState<Record<K, string>>,
  action: FormAction<Record<K, string>>,
) => FormState<Record<K, string>>;

const startingFrom = <K extends string>(values: Record<K, string>): FormState<Record<K, string>> => ({
  status: { kind: "editing" },
  values,
  errors: {},
  honeypot: "",
});

/** `refused`: from the view's `useErrorSummaryFocus()` (forms/error-focus), called when the schema refuses the filters. */
export function useListFilters<K extends string>(
  keys: readonly K[],
  schema: z.ZodType,
  refused: () => void,
  defaults: Partial<Record<K, string>> = {},
) {
  const location = useLocation();
  const navigate = useNavigate();
  const applied = readFilters(location.search, keys, defaults);
  // What is typed belongs to the address it was typed at: once the address changes (Back, a link,
  // paging), the form shows the filters the address holds, derived from it, nothing copied.
  const [draft, setDraft] = useState<{ search: string; state: FormState<Record<K, string>> }>();
  const state = draft?.search === location.search ? draft.state : startingFrom(applied);
  const { search } = location;
  const dispatch = (action: FormAction<Record<K, string>>) =>
    setDraft((before) => ({
      search,
      state: reduce(before?.search === search ? before.state : startingFrom(applied), action),
    }));
  // What was typed is applied (or dropped) on leaving, never kept for this address: after
  // two searches and Back, the field holds the first search, as the address does.
  const go = (search: string, options?: NavigateOptions) => {
    setDraft(undefined);
    void navigate({ pathname: location.pathname, search }, options);
  };

  return {
    state,
    applied,
    /** The address of this view as shown now (filters and page). */
    here: `${location.pathname}${location.search}`,
    params: new URLSearchParams(location.search),
    cursor: new URLSearchParams(location.search).get("cursor") ?? "",
    go,
    set: (field: K) => (value: string) => dispatch({ type: "changed", field, value } as FormAction<Record<K, string>>),
    apply: (event: { preventDefault: () => void }) => {
      event.preventDefault();
      const parsed = schema.safeParse(state.values);
      if (!parsed.success) {
        dispatch({ type: "invalid", errors: fieldErrorsOf(parsed.error) });
        refused();
        return;
      }
      go(searchOf(state.values, defaults as Record<string, string>));
    },
    clear: () => go(""),
    page: (cursor: string | undefined) =>
      go(searchOf(applied, defaults as Record<string, string>, cursor ? { cursor } : {})),
  };
}
