import { describe, expect, it } from "vitest";
import { generateTotpSecret, matchTotp, totpCodeAt, totpStepAt } from "./totp";

// RFC 6238 appendix B: the SHA-1 key "12345678901234567890" (ASCII) in base32.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP (RFC 6238)", () => {
  it("gives the RFC's test vectors (their last six digits)", () => {
    expect(totpCodeAt(RFC_SECRET, totpStepAt(59_000))).toBe("287082");
    expect(totpCodeAt(RFC_SECRET, totpStepAt(1_111_111_109_000))).toBe("081804");
    expect(totpCodeAt(RFC_SECRET, totpStepAt(2_000_000_000_000))).toBe("279037");
  });

  it("makes 20-byte secrets in base32 (32 characters)", () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it("takes the current step's code and one step either side, nothing further", () => {
    const now = 1_800_000_000_000;
    const step = totpStepAt(now);
    for (const offset of [-1, 0, 1]) {
      expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, step + offset), 0, now)).toBe(
        step + offset,
      );
    }
    for (const offset of [-3, -2, 2, 3]) {
      expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, step + offset), 0, now)).toBeNull();
    }
  });

  it("refuses a code of a step already used, or an earlier one (replay)", () => {
    const now = 1_800_000_000_000;
    const step = totpStepAt(now);
    const code = totpCodeAt(RFC_SECRET, step);
    expect(matchTotp(RFC_SECRET, code, step, now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, step - 1), step, now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, step + 1), step, now)).toBe(step + 1);
  });

  it("refuses what is not six digits", () => {
    const now = 1_800_000_000_000;
    const code = totpCodeAt(RFC_SECRET, totpStepAt(now));
    for (const bad of ["", "12345", `${code}0`, ` ${code}`, "abcdef"]) {
      expect(matchTotp(RFC_SECRET, bad, 0, now)).toBeNull();
    }
  });
});
