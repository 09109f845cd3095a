import { describe, expect, it } from "vitest";
import { type ContentCoding, negotiateEncoding } from "./accept-encoding";

const both: ContentCoding[] = ["br", "gzip"];

describe("negotiateEncoding", () => {
  it.each([
    // What Chromium, Firefox and Safari send.
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate, br", "br"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["deflate, gzip", "gzip"],
    ["*", "br"],
    ["GZIP, BR", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["br;q=1.0, gzip;q=0.999", "br"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, *", "gzip"],
    ["gzip;q=0.3, *;q=0.2", "gzip"],
    ["identity;q=0.5, br", "br"],
    ["br ; q=0.9 , gzip ; q=0.8", "br"],
  ])("answers %j with %s", (header, coding) => {
    expect(negotiateEncoding(header, both)).toBe(coding);
  });

  it.each([
    ["no header", undefined],
    ["an empty header", ""],
    ["identity only", "identity"],
    ["a coding we do not have", "deflate, zstd"],
    ["both refused", "br;q=0, gzip;q=0"],
    ["everything refused", "*;q=0"],
    ["identity preferred", "br;q=0.1, identity"],
    ["identity preferred to all others", "identity;q=1, *;q=0.5"],
  ])("answers unencoded for %s", (_, header) => {
    expect(negotiateEncoding(header, both)).toBeNull();
  });

  it("chooses among the codings we have, in our order on a tie", () => {
    expect(negotiateEncoding("gzip, deflate, br", ["gzip"])).toBe("gzip");
    expect(negotiateEncoding("br", ["gzip"])).toBeNull();
    expect(negotiateEncoding("br, gzip", ["gzip", "br"])).toBe("gzip");
    expect(negotiateEncoding("br, gzip", [])).toBeNull();
  });

  it("leaves out an element whose weight is unreadable, not the header", () => {
    expect(negotiateEncoding("br;q=2, gzip", both)).toBe("gzip");
    expect(negotiateEncoding("br;q=, gzip", both)).toBe("gzip");
    expect(negotiateEncoding("br;q=0.0001, gzip;q=0.5", both)).toBe("gzip");
    expect(negotiateEncoding("br;q=abc", both)).toBeNull();
    expect(negotiateEncoding(",, br ,", both)).toBe("br");
  });
});
