import { describe, expect, it } from "vitest";
import { ApiRequestError, type ClientErrorCode } from "./api-client";

/**
 * ApiRequestError.code is a union (ErrorCode and the client's own codes), so a misspelt code in
 * a comparison fails the type check (npm run typecheck) instead of being silently never equal.
 */
describe("ApiRequestError.code", () => {
  it("accepts the server's and the client's codes, and refuses a misspelt one", () => {
    const caught = new ApiRequestError(402, { error: "not_enough_credits" });
    expect(caught.code === "not_enough_credits").toBe(true);
    const network: ClientErrorCode = "network";
    expect(network).toBe("network");
    // @ts-expect-error: a misspelt code has no overlap with ClientErrorCode.
    expect(caught.code === "not_enough_credit").toBe(false);
    // @ts-expect-error: the server answers no such code.
    expect(new ApiRequestError(400, { error: "no_such_code" }).code).toBe("no_such_code");
  });
});
