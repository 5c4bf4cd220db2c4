import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { isHomepageStepComplete } from "../../../domain";
import { submitLead } from "../../lib/api";
import { ANALYTICS_EVENTS, trackEvent } from "../../lib/analytics";
import { clearDraft, readDraft, writeDraft } from "../../lib/session-draft";
import { loadValidators } from "../../lib/validators";
import { parseUtm, trafficSourceFromUtm, type UtmParams } from "../../lib/utm";
import { buildHomepageLead, currentVisit } from "./build-homepage-lead";
import { HOMEPAGE_DRAFT_KEY, isHomepageDraft, parseDraft } from "./homepage-draft";
import {
  INITIAL_STATE,
  homepageFormReducer,
  parseLead,
  stepErrors,
  visibleStep,
  type HomepageLeadFields,
} from "./homepage-form-state";
import { newIdempotencyKey } from "../../forms/idempotency-key";

/**
 * The landing-page wizard's behaviour around its reducer: the draft and utm read after
 * hydration, the draft saved on every edit, the POST and what follows it.
 */
export function useHomepageForm() {
  const [state, dispatch] = useReducer(homepageFormReducer, INITIAL_STATE);
  const [honeypot, setHoneypot] = useState("");
  const visit = useRef<{ utm: UtmParams; formStartedAt: number | undefined }>({ utm: {}, formStartedAt: undefined });
  const navigate = useNavigate();
  const step = visibleStep(state.status);

  // After hydration only: the prerendered HTML knows neither the draft nor the URL's query.
  useEffect(() => {
    const utm = parseUtm(window.location.search);
    const saved = readDraft(HOMEPAGE_DRAFT_KEY, isHomepageDraft);
    const draft = saved ? parseDraft(saved) : undefined;
    visit.current = { utm, formStartedAt: draft?.formStartedAt ?? Date.now() };
    const utmSource = trafficSourceFromUtm(utm);
    const values = { ...draft?.values };
    if (!values.trafficSource && utmSource) values.trafficSource = utmSource;
    dispatch({ type: "restored", values, ...(draft ? { step: draft.step } : {}) });
  }, []);

  const { status, values, isRestored } = state;
  useEffect(() => {
    if (!isRestored) return;
    if (status.kind === "succeeded") clearDraft(HOMEPAGE_DRAFT_KEY);
    else if (status.kind === "editing") {
      writeDraft(HOMEPAGE_DRAFT_KEY, { values, step: status.step, formStartedAt: visit.current.formStartedAt });
    }
  }, [isRestored, status, values]);

  const post = useCallback(
    async (lead: HomepageLeadFields) => {
      const body = buildHomepageLead(lead, currentVisit(visit.current.utm), { honeypot, formStartedAt: visit.current.formStartedAt }, new Date());
      const result = await submitLead(body, newIdempotencyKey());
      if (result.ok) {
        dispatch({ type: "succeeded" });
        trackEvent(ANALYTICS_EVENTS.leadCreated.name, ANALYTICS_EVENTS.leadCreated.params);
        return;
      }
      // Spec 8: log (status only, never the visitor's details), then hand over to the chat page.
      console.error(`Homepage lead submission failed: ${result.status === 0 ? "network error" : `HTTP ${result.status}`}`);
      dispatch({ type: "failed" });
      await navigate("/qualifying-chat", { state: { firstName: lead.firstName, facilityName: lead.facilityName } });
    },
    [honeypot, navigate],
  );

  // One submit at a time, also while the validators are still loading.
  const isPosting = useRef(false);

  const next = async () => {
    if (status.kind !== "editing" || status.step === 3) return;
    if (isHomepageStepComplete(status.step, values)) return dispatch({ type: "next" });
    const validators = await loadValidators();
    dispatch({ type: "next", errors: stepErrors(validators, status.step, values) });
  };

  const submit = async () => {
    if (status.kind !== "editing") return;
    if (status.step < 3) return next();
    if (isPosting.current) return;
    isPosting.current = true;
    try {
      const parsed = parseLead(await loadValidators(), values);
      dispatch({ type: "submit", errors: parsed.ok ? {} : parsed.errors });
      if (parsed.ok) await post(parsed.lead);
    } finally {
      isPosting.current = false;
    }
  };

  return {
    state,
    dispatch,
    step,
    isStepComplete: isHomepageStepComplete(step, values),
    honeypot,
    setHoneypot,
    next,
    submit,
  };
}
