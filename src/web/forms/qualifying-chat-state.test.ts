import { describe, expect, it } from "vitest";
import { qualifyingChatState, readQualifyingChatState } from "./qualifying-chat-state";

describe("the /qualifying-chat hand-off", () => {
  it("is written trimmed and read back as written", () => {
    const state = qualifyingChatState({ firstName: "  Ana ", facilityName: "Sunrise Care " });
    expect(state).toEqual({ firstName: "Ana", facilityName: "Sunrise Care" });
    expect(readQualifyingChatState(state)).toEqual(state);
  });

  it("reads only non-blank text from whatever history holds", () => {
    expect(readQualifyingChatState(null)).toEqual({});
    expect(readQualifyingChatState("Ana")).toEqual({});
    expect(readQualifyingChatState({ firstName: 3, facilityName: "  " })).toEqual({
      firstName: undefined,
      facilityName: undefined,
    });
    expect(readQualifyingChatState({ firstName: "Ana" })).toEqual({ firstName: "Ana", facilityName: undefined });
  });
});
