import { useNavigate } from "react-router";
import { PATHS } from "../route-paths";

/**
 * The hand-off to /qualifying-chat after a facility form (spec 4): the navigation state that
 * greets the visitor by name and facility. Written here only, read here only.
 */
export interface QualifyingChatState {
  firstName: string;
  facilityName: string;
}

/** The state to navigate with, from the form's values (trimmed: what the visitor meant). */
export function qualifyingChatState(values: QualifyingChatState): QualifyingChatState {
  return { firstName: values.firstName.trim(), facilityName: values.facilityName.trim() };
}

/**
 * The state as the chat page reads it: `location.state` is whatever history holds, so each
 * field is kept only when it is non-blank text.
 */
export function readQualifyingChatState(state: unknown): Partial<QualifyingChatState> {
  if (typeof state !== "object" || state === null) return {};
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
  const { firstName, facilityName } = state as Record<string, unknown>;
  return { firstName: text(firstName), facilityName: text(facilityName) };
}

/** Navigates to /qualifying-chat carrying the visitor's first name and facility. */
export function useGoToQualifyingChat(): (values: QualifyingChatState) => Promise<void> {
  const navigate = useNavigate();
  return async (values) => {
    await navigate(PATHS.qualifyingChat, { state: qualifyingChatState(values) });
  };
}
