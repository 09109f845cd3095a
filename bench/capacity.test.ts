import { describe, expect, it } from "vitest";
import {
  type Activity,
  type Costs,
  type Limits,
  MARKS_NOTIFYING,
  MEASURED_COSTS,
  MEASURED_LIMITS,
  plan,
  STATED_ACTIVITY,
} from "./capacity";

const activity: Activity = {
  members: 100_000,
  onlineAtPeak: 0.05,
  messagesPerOnlineHour: 6,
  searchesPerOnlineHour: 36,
  pagesPerOnlineHour: 72,
  activityMarksPerOnlineHour: 72,
  otherNotifyingPerOnlineHour: 36,
  notifyingCommitsPerMessage: 6,
};
const costs: Costs = {
  appMsPerMessage: 10,
  dbMsPerMessage: 5,
  appMsPerSearch: 2,
  dbMsPerSearch: 1,
  appMsPerPage: 10,
  dbMsPerPage: 1,
};
const limits: Limits = { notifyingCommitsPerSecond: 400, maxDbCores: 32, utilisation: 0.5 };

describe("the capacity model", () => {
  it("turns the stated activity into the peak's rates a second", () => {
    const result = plan(activity, costs, limits);
    expect(result.online).toBe(5000);
    expect(result.messages).toBeCloseTo((5000 * 6) / 3600);
    expect(result.searches).toBe(50);
    expect(result.pages).toBe(100);
    // 6 a message, the activity marks' 72 and the others' 36 an online member an hour.
    expect(result.activityMarks).toBe(100);
    expect(result.notifyingCommits).toBeCloseTo(((5000 * 6) / 3600) * 6 + 100 + 50);
  });

  it("sizes the cores at the planned utilisation, and never fewer than two processes", () => {
    const result = plan(activity, costs, limits);
    const messages = (5000 * 6) / 3600;
    expect(result.appCores).toBeCloseTo((messages * 10 + 50 * 2 + 100 * 10) / 1000 / 0.5);
    expect(result.appProcesses).toBe(Math.max(2, Math.ceil(result.appCores)));
    expect(result.dbCoresForSearch).toBeCloseTo((50 * 1) / 1000 / 0.5);
    expect(result.dbCores).toBeCloseTo((messages * 5 + 50 * 1 + 100 * 1) / 1000 / 0.5);
    expect(plan({ ...activity, members: 10 }, costs, limits).appProcesses).toBe(2);
  });

  it("finds the members at each limit, linear in the members, and names the first", () => {
    const small = plan(activity, costs, limits);
    const large = plan({ ...activity, members: 1_000_000 }, costs, limits);
    // The same activity a member: the limits do not move with the members counted.
    expect(large.membersAtNotifyLimit).toBeCloseTo(small.membersAtNotifyLimit);
    expect(large.membersAtDbCpuLimit).toBeCloseTo(small.membersAtDbCpuLimit);
    expect(small.membersAtNotifyLimit).toBeCloseTo((100_000 * 400) / small.notifyingCommits);
    expect(small.firstLimit).toBe("notify");
    expect(small.membersAtFirstLimit).toBe(small.membersAtNotifyLimit);
    const cpuFirst = plan(activity, { ...costs, dbMsPerPage: 1000 }, limits);
    expect(cpuFirst.firstLimit).toBe("database CPU");
    expect(cpuFirst.membersAtFirstLimit).toBe(cpuFirst.membersAtDbCpuLimit);
  });

  it("has no limit where nothing is asked of it", () => {
    const idle = plan({ ...activity, onlineAtPeak: 0 }, costs, limits);
    expect(idle.membersAtNotifyLimit).toBe(Number.POSITIVE_INFINITY);
    expect(idle.membersAtFirstLimit).toBe(Number.POSITIVE_INFINITY);
  });

  it("answers SCALE.md's question: the first limit, before and after activity marks left NOTIFY", () => {
    const at = (change: Partial<Activity> = {}) =>
      plan({ ...STATED_ACTIVITY, members: 1_000_000, ...change }, MEASURED_COSTS, MEASURED_LIMITS);
    expect(at(MARKS_NOTIFYING).firstLimit).toBe("notify");
    expect(at(MARKS_NOTIFYING).membersAtFirstLimit).toBeLessThan(1_000_000);
    expect(at().firstLimit).toBe("notify");
    expect(at().membersAtFirstLimit).toBeGreaterThan(1_000_000);
    // Typing signals on a broker, the next step, nearly doubles it.
    expect(at({ notifyingCommitsPerMessage: 3 }).membersAtFirstLimit).toBeGreaterThan(1_900_000);
  });
});
