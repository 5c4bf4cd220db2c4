import type { ApiResult } from "./staff-api";

type Post = <T>(path: string, payload?: unknown) => Promise<ApiResult<T>>;

/**
 * The lead route's verification intents (issue 31): "check-verification" checks the lead against
 * the registries again; "fraud-review" releases or blocks a reward the provider flagged.
 * Undefined for any other intent (the lead route's own).
 */
export function changeVerification(
  intent: string,
  path: string,
  fields: Record<string, unknown>,
  post: Post,
): Promise<ApiResult<unknown>> | undefined {
  if (intent === "check-verification") return post(`${path}/verification`, {});
  if (intent === "fraud-review") {
    const { rewardId, ...body } = fields;
    return post(`${path}/rewards/${encodeURIComponent(String(rewardId))}/fraud-review`, body);
  }
  return undefined;
}
