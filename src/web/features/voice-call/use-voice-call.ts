import { useCallback, useEffect, useReducer } from "react";
import { INITIAL_VOICE_CALL_STATE, voiceCallReducer } from "./voice-call-reducer";
import type { VoiceClient } from "./voice-client";

/** The voice card's state, driven by the visitor and by the client's events. */
export function useVoiceCall(client: VoiceClient | null) {
  const [state, dispatch] = useReducer(voiceCallReducer, INITIAL_VOICE_CALL_STATE);

  useEffect(() => {
    if (!client) return;
    const unsubscribe = client.subscribe(dispatch);
    // Leaving the page ends any call or attempt under way.
    return () => {
      unsubscribe();
      client.stop();
    };
  }, [client]);

  const kind = state.status.kind;
  const start = useCallback(() => {
    if (!client || (kind !== "idle" && kind !== "failed")) return;
    dispatch({ type: "start-requested" });
    void client.start();
  }, [client, kind]);

  const end = useCallback(() => {
    dispatch({ type: "end-requested" });
    client?.stop();
  }, [client]);

  const prefetch = useCallback(() => client?.prefetch?.(), [client]);

  return { state, start, end, prefetch };
}
