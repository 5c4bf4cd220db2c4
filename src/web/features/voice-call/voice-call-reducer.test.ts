import { describe, expect, it } from "vitest";
import {
  INITIAL_VOICE_CALL_STATE,
  voiceCallReducer,
  type VoiceCallAction,
  type VoiceCallState,
  type VoiceCallStatus,
} from "./voice-call-reducer";

const idle: VoiceCallStatus = { kind: "idle" };
const connecting: VoiceCallStatus = { kind: "connecting" };
const inCall: VoiceCallStatus = { kind: "in-call", isAssistantSpeaking: false };
const speaking: VoiceCallStatus = { kind: "in-call", isAssistantSpeaking: true };
const failed: VoiceCallStatus = { kind: "failed", cause: "connection" };

const at = (status: VoiceCallStatus, extra: Partial<VoiceCallState> = {}): VoiceCallState => ({
  ...INITIAL_VOICE_CALL_STATE,
  status,
  ...extra,
});
const after = (status: VoiceCallStatus, action: VoiceCallAction) => voiceCallReducer(at(status), action).status;

const ALL = { idle, connecting, inCall, speaking, failed };

/** Every status under every status-changing action (spec 4): [action, expected status from each]. */
const TABLE: Array<[VoiceCallAction, Record<keyof typeof ALL, VoiceCallStatus>]> = [
  [{ type: "start-requested" }, { idle: connecting, connecting, inCall, speaking, failed: connecting }],
  [{ type: "call-started" }, { idle, connecting: inCall, inCall, speaking, failed }],
  [{ type: "call-ended" }, { idle, connecting: idle, inCall: idle, speaking: idle, failed }],
  [{ type: "end-requested" }, { idle, connecting: idle, inCall: idle, speaking: idle, failed }],
  [
    { type: "failed", reason: "x" },
    { idle, connecting: failed, inCall: failed, speaking: failed, failed },
  ],
  [{ type: "speech-started" }, { idle, connecting, inCall: speaking, speaking, failed }],
  [{ type: "speech-ended" }, { idle, connecting, inCall, speaking: inCall, failed }],
];

describe("voiceCallReducer status transitions", () => {
  for (const [action, expected] of TABLE) {
    for (const [name, from] of Object.entries(ALL)) {
      it(`${action.type} from ${name}`, () => {
        expect(after(from, action)).toEqual(expected[name as keyof typeof ALL]);
      });
    }
  }

  it("a failure keeps its cause (the microphone needs a different hint)", () => {
    expect(after(connecting, { type: "failed", reason: "x", cause: "microphone" })).toEqual({
      kind: "failed",
      cause: "microphone",
    });
  });

  it("start sets connecting and clears the previous conversation", () => {
    const state = voiceCallReducer(at(failed, { transcript: [{ role: "user", text: "hi" }] }), {
      type: "start-requested",
    });
    expect(state).toEqual({ status: connecting, transcript: [], partial: null });
  });

  it("call-end keeps the conversation but drops the line in progress", () => {
    const state = voiceCallReducer(
      at(speaking, { transcript: [{ role: "user", text: "hi" }], partial: { role: "assistant", text: "Hel" } }),
      {
        type: "call-ended",
      },
    );
    expect(state).toEqual({ status: idle, transcript: [{ role: "user", text: "hi" }], partial: null });
  });
});

describe("voiceCallReducer transcript", () => {
  const line = (role: "user" | "assistant", text: string, isFinal: boolean): VoiceCallAction => ({
    type: "transcript",
    entry: { role, text },
    isFinal,
  });

  it("shows a partial line, then replaces it with the final one", () => {
    let state = voiceCallReducer(at(inCall), line("assistant", "Hello, th", false));
    expect(state.partial).toEqual({ role: "assistant", text: "Hello, th" });
    expect(state.transcript).toEqual([]);
    state = voiceCallReducer(state, line("assistant", "Hello, thanks for calling.", true));
    expect(state.partial).toBeNull();
    expect(state.transcript).toEqual([{ role: "assistant", text: "Hello, thanks for calling." }]);
  });

  it("appends final lines in order and keeps the other speaker's partial line", () => {
    let state = voiceCallReducer(at(inCall), line("user", "I run a clin", false));
    state = voiceCallReducer(state, line("assistant", "Great.", true));
    expect(state.transcript).toEqual([{ role: "assistant", text: "Great." }]);
    expect(state.partial).toEqual({ role: "user", text: "I run a clin" });
    state = voiceCallReducer(state, line("user", "I run a clinic.", true));
    expect(state.transcript.map((e) => e.role)).toEqual(["assistant", "user"]);
  });

  it("accepts lines while connecting, ignores them when no call is under way, and ignores blank ones", () => {
    expect(voiceCallReducer(at(connecting), line("assistant", "Hi", true)).transcript).toHaveLength(1);
    expect(voiceCallReducer(at(idle), line("assistant", "Hi", true)).transcript).toHaveLength(0);
    expect(voiceCallReducer(at(failed), line("assistant", "Hi", true)).transcript).toHaveLength(0);
    expect(voiceCallReducer(at(inCall), line("user", "   ", true)).transcript).toHaveLength(0);
  });
});
