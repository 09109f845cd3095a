import { describe, expect, it } from "vitest";
import { STREAM_EVENT_TYPES } from "./event-options";
import { memberEvent, typingEvent } from "./events";

describe("the events stream's names (issue 29 item 13)", () => {
  it("are the union's, every one, so the browser listens for all the server sends", () => {
    const sent = [
      ...memberEvent.options.map((option) => option.shape.type.value),
      typingEvent.shape.type.value,
    ];
    expect([...STREAM_EVENT_TYPES].sort()).toEqual([...sent].sort());
  });
});
