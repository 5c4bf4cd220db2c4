import { describe, expect, it } from "vitest";
import { describeVoiceError, eventOfVapiMessage, isFatalVoiceError, isMicrophoneError } from "./vapi-events";

describe("eventOfVapiMessage", () => {
  it("maps final and partial transcripts", () => {
    expect(eventOfVapiMessage({ type: "transcript", role: "user", transcriptType: "final", transcript: "Hi" })).toEqual(
      {
        type: "transcript",
        entry: { role: "user", text: "Hi" },
        isFinal: true,
      },
    );
    expect(
      eventOfVapiMessage({ type: "transcript", role: "assistant", transcriptType: "partial", transcript: "Hel" }),
    ).toEqual({
      type: "transcript",
      entry: { role: "assistant", text: "Hel" },
      isFinal: false,
    });
  });

  it("maps status-update ended to call end, and ignores everything else", () => {
    expect(eventOfVapiMessage({ type: "status-update", status: "ended", endedReason: "customer-ended-call" })).toEqual({
      type: "call-ended",
    });
    expect(eventOfVapiMessage({ type: "status-update", status: "in-progress" })).toBeNull();
    expect(eventOfVapiMessage({ type: "transcript", role: "system", transcript: "x" })).toBeNull();
    expect(eventOfVapiMessage({ type: "conversation-update" })).toBeNull();
    expect(eventOfVapiMessage("listening")).toBeNull();
    expect(eventOfVapiMessage(null)).toBeNull();
  });
});

describe("describeVoiceError", () => {
  it("reads strings, Errors and the SDK's nested objects", () => {
    expect(describeVoiceError("boom")).toBe("boom");
    expect(describeVoiceError(new Error("no mic"))).toBe("no mic");
    expect(describeVoiceError({ type: "start-method-error", error: { message: "Failed to fetch" } })).toBe(
      "start-method-error: Failed to fetch",
    );
    expect(
      describeVoiceError({
        type: "start-method-error",
        error: { status: 500, statusText: "Internal Server Error", error: { message: "down" } },
      }),
    ).toBe("start-method-error: HTTP 500 Internal Server Error: down");
    expect(describeVoiceError({ type: "daily-error", error: { errorMsg: "Meeting has ended" } })).toBe(
      "daily-error: Meeting has ended",
    );
    expect(describeVoiceError({})).toBe("Unknown error");
    expect(describeVoiceError(undefined)).toBe("Unknown error");
  });
});

describe("isMicrophoneError", () => {
  const cameraError = (error: unknown) => ({ type: "camera-error", error: { message: "x", error } });
  it("recognises a blocked, missing or busy microphone in the SDK's camera-error", () => {
    expect(isMicrophoneError(cameraError({ type: "permissions", blockedBy: "user", blockedMedia: ["audio"] }))).toBe(
      true,
    );
    expect(isMicrophoneError(cameraError({ type: "not-found", missingMedia: ["audio"] }))).toBe(true);
    expect(isMicrophoneError(cameraError({ type: "mic-in-use" }))).toBe(true);
    expect(isMicrophoneError(cameraError({ type: "permissions", blockedMedia: ["video"] }))).toBe(false);
    expect(isMicrophoneError(cameraError({ type: "cam-in-use" }))).toBe(false);
    expect(isMicrophoneError({ type: "camera-error" })).toBe(false);
  });
});

describe("isFatalVoiceError", () => {
  it("lets the call carry on after the SDK's non-critical setup errors only", () => {
    expect(isFatalVoiceError({ type: "audio-processing-setup-error" })).toBe(false);
    expect(isFatalVoiceError({ type: "video-recording-setup-error" })).toBe(false);
    expect(isFatalVoiceError({ type: "start-method-error" })).toBe(true);
    expect(isFatalVoiceError({ type: "daily-call-join-error" })).toBe(true);
    expect(isFatalVoiceError("weird")).toBe(true);
  });
});
