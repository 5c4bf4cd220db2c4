import type { EventEmitter } from "node:events";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { VoiceClientEvent } from "./voice-client";

/** A stand-in for the SDK class: records what the adapter does with it. */
const sdk = vi.hoisted(() => ({
  instances: [] as Array<{ args: unknown[]; firstListener: string | undefined; emitter: unknown }>,
  startResult: null as unknown,
  onStart: (_emit: (event: string, payload?: unknown) => void) => {},
  starts: [] as unknown[][],
  stops: 0,
}));

vi.mock("@vapi-ai/web", async () => {
  const { EventEmitter } = await import("node:events");
  class FakeVapi extends EventEmitter {
    constructor(...args: unknown[]) {
      super();
      const record = { args, firstListener: undefined as string | undefined, emitter: this };
      sdk.instances.push(record);
      this.once("newListener", (name: string) => (record.firstListener = name));
    }
    async start(...args: unknown[]) {
      sdk.starts.push(args);
      sdk.onStart((event, payload) => this.emit(event, payload));
      return sdk.startResult;
    }
    async stop() {
      sdk.stops += 1;
    }
  }
  return { default: FakeVapi };
});

const { CONNECT_TIMEOUT_MS, createVapiVoiceClient } = await import("./vapi-voice-client");

function setup() {
  const client = createVapiVoiceClient({ publicKey: "pk", assistantId: "asst", apiUrl: "http://stand-in" });
  const events: VoiceClientEvent[] = [];
  client.subscribe((event) => events.push(event));
  const emitter = () => sdk.instances.at(-1)!.emitter as EventEmitter;
  return { client, events, emitter };
}

beforeEach(() => {
  sdk.instances.length = 0;
  sdk.starts.length = 0;
  sdk.stops = 0;
  sdk.startResult = { id: "call-1" };
  sdk.onStart = () => {};
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("createVapiVoiceClient", () => {
  it("creates one SDK instance on the first start, with the key, API URL and avoidEval, error listener first", async () => {
    const { client } = setup();
    expect(sdk.instances).toHaveLength(0);
    await client.start();
    await client.start();
    expect(sdk.instances).toHaveLength(1);
    expect(sdk.instances[0]!.args).toEqual(["pk", "http://stand-in", { avoidEval: true }]);
    expect(sdk.instances[0]!.firstListener).toBe("error");
    expect(sdk.starts).toEqual([
      ["asst", undefined],
      ["asst", undefined],
    ]);
  });

  it("starts the call with the lead's qualification token in the assistant overrides (metadata and variableValues)", async () => {
    const lead = { leadId: "lead-1", token: "t".repeat(43) };
    const client = createVapiVoiceClient({ publicKey: "pk", assistantId: "asst", qualification: () => lead });
    await client.start();
    const expected = { qualificationToken: lead.token, leadId: "lead-1" };
    expect(sdk.starts.at(-1)).toEqual(["asst", { metadata: expected, variableValues: expected }]);
  });

  it("passes the lead's first name and facility name as the call variables the assistant greets with", async () => {
    const lead = { leadId: "lead-1", token: "t".repeat(43), firstName: "Dana", facilityName: "Sunrise Care" };
    const client = createVapiVoiceClient({ publicKey: "pk", assistantId: "asst", qualification: () => lead });
    await client.start();
    const keys = { qualificationToken: lead.token, leadId: "lead-1" };
    expect(sdk.starts.at(-1)).toEqual([
      "asst",
      { metadata: keys, variableValues: { ...keys, firstName: "Dana", facilityName: "Sunrise Care" } },
    ]);
  });

  it("turns the SDK's several error payloads of one start into one failure, and fails again on the next start", async () => {
    const { client, events } = setup();
    sdk.startResult = null;
    sdk.onStart = (emit) => {
      emit("error", { type: "daily-call-join-error", error: { message: "join failed" } });
      emit("error", { type: "start-method-error", error: { message: "join failed" } });
    };
    await client.start();
    expect(events).toEqual([{ type: "failed", reason: "daily-call-join-error: join failed", cause: "connection" }]);
    await client.start();
    expect(events.filter((e) => e.type === "failed")).toHaveLength(2);
  });

  it("fails a start that returns no call even without an error event", async () => {
    const { client, events } = setup();
    sdk.startResult = null;
    await client.start();
    expect(events).toEqual([{ type: "failed", reason: "the call could not be created", cause: "connection" }]);
  });

  it("a blocked microphone fails the start with its cause and hangs up", async () => {
    const { client, events, emitter } = setup();
    await client.start();
    emitter().emit("camera-error", {
      type: "camera-error",
      error: { message: "blocked", error: { type: "permissions", blockedMedia: ["audio"] } },
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "failed", cause: "microphone" });
    expect(sdk.stops).toBe(1);
  });

  it("ignores the SDK's non-critical errors", async () => {
    const { client, events, emitter } = setup();
    await client.start();
    emitter().emit("error", { type: "audio-processing-setup-error", error: { message: "KrispInitError" } });
    expect(events).toEqual([]);
  });

  it("maps call, speech and transcript events, and status-update ended to call end", async () => {
    const { client, events, emitter } = setup();
    await client.start();
    emitter().emit("call-start");
    emitter().emit("speech-start");
    emitter().emit("message", { type: "transcript", role: "assistant", transcriptType: "partial", transcript: "Hel" });
    emitter().emit("message", { type: "transcript", role: "assistant", transcriptType: "final", transcript: "Hello" });
    emitter().emit("speech-end");
    emitter().emit("message", { type: "status-update", status: "ended" });
    expect(events).toEqual([
      { type: "call-started" },
      { type: "speech-started" },
      { type: "transcript", entry: { role: "assistant", text: "Hel" }, isFinal: false },
      { type: "transcript", entry: { role: "assistant", text: "Hello" }, isFinal: true },
      { type: "speech-ended" },
      { type: "call-ended" },
    ]);
  });

  it("stop ends the call and silences the abandoned attempt's late errors", async () => {
    const { client, events, emitter } = setup();
    await client.start();
    client.stop();
    expect(sdk.stops).toBe(1);
    emitter().emit("error", { type: "daily-error", error: { errorMsg: "left" } });
    emitter().emit("call-end");
    expect(events).toEqual([{ type: "call-ended" }]);
  });

  it("fails and stops a start that never reaches call-start, but not one that did", async () => {
    vi.useFakeTimers();
    try {
      const { client, events, emitter } = setup();
      await client.start();
      await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
      expect(events).toEqual([{ type: "failed", reason: "no answer within the connect timeout", cause: "connection" }]);
      expect(sdk.stops).toBe(1);

      await client.start();
      emitter().emit("call-start");
      await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS * 2);
      expect(events.at(-1)).toEqual({ type: "call-started" });
    } finally {
      vi.useRealTimers();
    }
  });
});
