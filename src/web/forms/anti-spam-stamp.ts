import { useEffect, useRef, type RefObject } from "react";
import { HONEYPOT_FIELD } from "../../domain/honeypot";

/**
 * What every form sends beside its values (the domain's anti-spam fields): the browser's time
 * of sending, the honeypot, and when the form was first shown (left out when unknown).
 */
export function antiSpamStamp(honeypot: string, formStartedAt: number | undefined, now: Date = new Date()) {
  return {
    timestamp: now.toISOString(),
    [HONEYPOT_FIELD]: honeypot,
    ...(formStartedAt === undefined ? {} : { formStartedAt }),
  };
}

/**
 * When the visitor first saw the form: set after hydration (the prerendered HTML knows no
 * time). A form that restores a draft may set an earlier time itself.
 */
export function useFormStartedAt(): RefObject<number | undefined> {
  const startedAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    startedAt.current ??= Date.now();
  }, []);
  return startedAt;
}
