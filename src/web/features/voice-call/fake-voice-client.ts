import type { VoiceClient, VoiceClientEvent } from "./voice-client";

/** A voice client for tests: records calls, and emits whatever the test says the SDK did. */
export function createFakeVoiceClient() {
  const listeners = new Set<(event: VoiceClientEvent) => void>();
  const calls = { start: 0, stop: 0, prefetch: 0 };
  const client: VoiceClient = {
    start: async () => {
      calls.start += 1;
    },
    stop: () => {
      calls.stop += 1;
    },
    prefetch: () => {
      calls.prefetch += 1;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (event: VoiceClientEvent) => listeners.forEach((listener) => listener(event));
  return { client, calls, emit, listenerCount: () => listeners.size };
}
