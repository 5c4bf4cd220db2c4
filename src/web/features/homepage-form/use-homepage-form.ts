import { useEffect, useReducer, useRef } from "react";
import { isHomepageStepComplete } from "../../../domain/wizard-steps";
import { antiSpamStamp, useFormStartedAt } from "../../forms/anti-spam-stamp";
import { useGoToQualifyingChat } from "../../forms/qualifying-chat-state";
import { useSubmit } from "../../forms/submit";
import { countFormStep } from "../../lib/form-step-beacon";
import { LAST_STEP, currentStep } from "../../forms/wizard";
import { submitLead } from "../../lib/api";
import { ANALYTICS_EVENTS, trackEvent } from "../../lib/analytics";
import { clearDraft, readDraft, writeDraft } from "../../lib/session-draft";
import { loadValidators } from "../../lib/validators";
import { parseUtm, trafficSourceFromUtm, type UtmParams } from "../../lib/utm";
import { buildHomepageLead, currentVisit } from "./build-homepage-lead";
import { HOMEPAGE_DRAFT_KEY, isHomepageDraft, parseDraft } from "./homepage-draft";
import { INITIAL_STATE, homepageFormReducer, parseLead, stepErrors } from "./homepage-form-state";

/**
 * The landing-page wizard's behaviour around its reducer: the draft and utm read after
 * hydration, the draft saved on every edit, the POST and what follows it.
 */
export function useHomepageForm() {
  const [state, dispatch] = useReducer(homepageFormReducer, INITIAL_STATE);
  const formStartedAtRef = useFormStartedAt();
  const utm = useRef<UtmParams>({});
  const goToChat = useGoToQualifyingChat();
  const step = currentStep(state.status);

  // After hydration only: the prerendered HTML knows neither the draft nor the URL's query.
  useEffect(() => {
    utm.current = parseUtm(window.location.search);
    const saved = readDraft(HOMEPAGE_DRAFT_KEY, isHomepageDraft);
    const draft = saved ? parseDraft(saved) : undefined;
    if (draft) formStartedAtRef.current = draft.formStartedAt;
    const utmSource = trafficSourceFromUtm(utm.current);
    const values = { ...draft?.values };
    if (!values.trafficSource && utmSource) values.trafficSource = utmSource;
    dispatch({ type: "restored", values, ...(draft ? { step: draft.step } : {}) });
  }, [formStartedAtRef]);

  const { status, values, isRestored } = state;
  useEffect(() => {
    if (!isRestored) return;
    if (status.kind === "succeeded") clearDraft(HOMEPAGE_DRAFT_KEY);
    else if (status.kind === "editing") {
      writeDraft(HOMEPAGE_DRAFT_KEY, { values, step: status.step, formStartedAt: formStartedAtRef.current });
    }
  }, [isRestored, status, values, formStartedAtRef]);

  const next = async () => {
    if (status.kind !== "editing" || status.step === LAST_STEP) return;
    if (isHomepageStepComplete(status.step, values)) return dispatch({ type: "next" });
    const validators = await loadValidators();
    dispatch({ type: "next", errors: stepErrors(validators, status.step, values) });
  };

  const post = useSubmit({
    prepare: async () => {
      const parsed = parseLead(await loadValidators(), values);
      if (!parsed.ok) return void dispatch({ type: "invalid", errors: parsed.errors });
      return buildHomepageLead(
        parsed.lead,
        currentVisit(utm.current),
        antiSpamStamp(state.honeypot, formStartedAtRef.current),
      );
    },
    send: submitLead,
    dispatch,
    onSucceeded: () => {
      countFormStep("homepage_form", "submitted");
      trackEvent(ANALYTICS_EVENTS.leadCreated.name, ANALYTICS_EVENTS.leadCreated.params);
    },
    // Spec 8: log (status only, never the visitor's details), then hand over to the chat page.
    onFailed: async (result) => {
      console.error(
        `Homepage lead submission failed: ${result.status === 0 ? "network error" : `HTTP ${result.status}`}`,
      );
      await goToChat(values);
    },
  });

  /** The form's submit (Next, Submit, Enter in a field): the next step, or on the last the post. */
  const submit = async () => {
    if (status.kind !== "editing") return;
    if (status.step < LAST_STEP) return next();
    await post();
  };

  return {
    state,
    dispatch,
    step,
    isStepComplete: isHomepageStepComplete(step, values),
    submit,
  };
}
