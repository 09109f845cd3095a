import { describe, expect, it } from "vitest";
import { createApp } from "../app";
import { getEnv } from "../lib/env";
import { isStaffHost, staffHost } from "./origin";

const app = createApp();

describe("the staff side's origin (design §13)", () => {
  it("answers on the staff origin's host alone when STAFF_ORIGIN is set", () => {
    const env = {
      ...getEnv(),
      AMORA_ORIGIN: "https://amora.example",
      STAFF_ORIGIN: "https://staff.amora.example",
    };
    expect(staffHost(env)).toBe("staff.amora.example");
    expect(isStaffHost("staff.amora.example", env)).toBe(true);
    expect(isStaffHost("STAFF.Amora.Example", env)).toBe(true);
    for (const host of ["amora.example", "staff.amora.example:8443", "evil.example", "", null]) {
      expect(isStaffHost(host, env)).toBe(false);
    }
  });

  it("answers on the default site's host in the demo, where STAFF_ORIGIN is not set", () => {
    const env = { ...getEnv(), AMORA_ORIGIN: "http://localhost:4321", STAFF_ORIGIN: undefined };
    expect(isStaffHost("localhost:4321", env)).toBe(true);
    expect(isStaffHost(undefined, env)).toBe(true);
    expect(isStaffHost("127.0.0.1:4321", env)).toBe(false);
  });

  it("has no staff API on another site's host: 404 before any session is looked at", async () => {
    const own = new URL(getEnv().AMORA_ORIGIN).host;
    const elsewhere = new URL(getEnv().HERZKLOPFEN_ORIGIN).host;
    const there = await app.request("/api/staff/session", { headers: { host: elsewhere } });
    expect(there.status).toBe(404);
    expect(await there.json()).toMatchObject({ error: "not_found" });
    const here = await app.request("/api/staff/session", { headers: { host: own } });
    expect(here.status).toBe(403);
    expect(await here.json()).toMatchObject({ error: "staff_authentication_required" });
  });
});
