/**
 * Issue 30 item 4: the capacity model of bench/SCALE.md, as arithmetic. From a stated activity
 * (members, the share online at the peak hour, what an online member does an hour) and the
 * costs and ceilings bench/scale.ts measured, the rates the peak asks for, the app processes
 * and the database cores they need, and how many members each single-machine limit allows.
 * `npx tsx bench/capacity.ts` prints SCALE.md's table.
 */

export type Activity = {
  members: number;
  /** Share of the members online in the peak hour (0.05: one in twenty). */
  onlineAtPeak: number;
  /** What an online member does in the peak hour. */
  messagesPerOnlineHour: number;
  searchesPerOnlineHour: number;
  /** Server-rendered pages (the searches' own pages not counted again). */
  pagesPerOnlineHour: number;
  /**
   * Activity marks that notify. profiles/activity.ts markMemberActive updates the member's
   * profile at most once a minute a process; the session cache's trigger (drizzle/0010) made
   * each a notifying commit until drizzle/0038 left them out.
   */
  activityMarksPerOnlineHour: number;
  /** Notifying commits other than messages' and activity's: likes, matches, credits. */
  otherNotifyingPerOnlineHour: number;
  /**
   * Commits that NOTIFY, a message: its own, the delivered and read receipts, the typing
   * signals while it was written (one each 3 s).
   */
  notifyingCommitsPerMessage: number;
};

/** CPU (ms) an operation, as bench/scale.ts measured it (app: a Node process; db: PostgreSQL). */
export type Costs = {
  appMsPerMessage: number;
  dbMsPerMessage: number;
  appMsPerSearch: number;
  dbMsPerSearch: number;
  appMsPerPage: number;
  dbMsPerPage: number;
};

export type Limits = {
  /** Notifying commits a second one PostgreSQL takes (NOTIFY's commit lock makes them queue). */
  notifyingCommitsPerSecond: number;
  /** The most cores a single PostgreSQL primary is given (the largest machine one buys). */
  maxDbCores: number;
  /** The share of a core planned for at the peak: the rest is the margin. */
  utilisation: number;
};

export type Plan = {
  online: number;
  /** A second, at the peak. */
  messages: number;
  searches: number;
  pages: number;
  notifyingCommits: number;
  /** Of them, activity marks a second. */
  activityMarks: number;
  /** Cores the app processes need at the peak (one process a core), and the processes. */
  appCores: number;
  appProcesses: number;
  /** Cores PostgreSQL needs at the peak, and of them those the searches take. */
  dbCores: number;
  dbCoresForSearch: number;
  /** Members at which each single-primary limit is reached, the activity otherwise the same. */
  membersAtNotifyLimit: number;
  membersAtDbCpuLimit: number;
  firstLimit: "notify" | "database CPU";
  membersAtFirstLimit: number;
};

const HOUR = 3600;

/** At least two app processes, so one may restart (a deploy, a crash) while the other serves. */
const MIN_PROCESSES = 2;

export function plan(activity: Activity, costs: Costs, limits: Limits): Plan {
  const online = activity.members * activity.onlineAtPeak;
  const messages = (online * activity.messagesPerOnlineHour) / HOUR;
  const searches = (online * activity.searchesPerOnlineHour) / HOUR;
  const pages = (online * activity.pagesPerOnlineHour) / HOUR;
  const activityMarks = (online * activity.activityMarksPerOnlineHour) / HOUR;
  const notifyingCommits =
    messages * activity.notifyingCommitsPerMessage +
    activityMarks +
    (online * activity.otherNotifyingPerOnlineHour) / HOUR;
  const cores = (ms: number) => ms / 1000 / limits.utilisation;
  const appCores = cores(
    messages * costs.appMsPerMessage + searches * costs.appMsPerSearch + pages * costs.appMsPerPage,
  );
  const dbCoresForSearch = cores(searches * costs.dbMsPerSearch);
  const dbCores =
    cores(messages * costs.dbMsPerMessage + pages * costs.dbMsPerPage) + dbCoresForSearch;
  // Every rate is proportional to the members: a limit is reached at members × limit / need.
  const membersAtNotifyLimit =
    notifyingCommits > 0
      ? (activity.members * limits.notifyingCommitsPerSecond) / notifyingCommits
      : Number.POSITIVE_INFINITY;
  const membersAtDbCpuLimit =
    dbCores > 0 ? (activity.members * limits.maxDbCores) / dbCores : Number.POSITIVE_INFINITY;
  const notifyFirst = membersAtNotifyLimit <= membersAtDbCpuLimit;
  return {
    online,
    messages,
    searches,
    pages,
    notifyingCommits,
    activityMarks,
    appCores,
    appProcesses: Math.max(MIN_PROCESSES, Math.ceil(appCores)),
    dbCores,
    dbCoresForSearch,
    membersAtNotifyLimit,
    membersAtDbCpuLimit,
    firstLimit: notifyFirst ? "notify" : "database CPU",
    membersAtFirstLimit: Math.min(membersAtNotifyLimit, membersAtDbCpuLimit),
  };
}

/**
 * SCALE.md's stated activity: one member in twenty online in the peak hour; an online member
 * writes 6 messages, runs 20 searches (or their next pages) and opens 40 other pages an hour.
 * Its activity is marked once a minute (one process serves it, or sticky routing), which no
 * longer notifies (drizzle/0038; `MARKS_NOTIFYING` is the activity before it).
 */
export const STATED_ACTIVITY: Omit<Activity, "members"> = {
  onlineAtPeak: 0.05,
  messagesPerOnlineHour: 6,
  searchesPerOnlineHour: 20,
  pagesPerOnlineHour: 40,
  activityMarksPerOnlineHour: 0,
  otherNotifyingPerOnlineHour: 4,
  notifyingCommitsPerMessage: 6,
};

/** Before drizzle/0038: every activity mark, once a minute an online member, notified. */
export const MARKS_NOTIFYING: Partial<Activity> = { activityMarksPerOnlineHour: 60 };

/**
 * bench/RESULTS.md's scale section (2026-11-27 22:22, PostgreSQL, 100 000 members, the lines
 * with 8 at once) and its full run's /members line (14.6 ms in all the server's threads a page;
 * its database side taken as a search's).
 */
export const MEASURED_COSTS: Costs = {
  appMsPerMessage: 4.7,
  dbMsPerMessage: 1.8,
  appMsPerSearch: 1.0,
  dbMsPerSearch: 0.8,
  appMsPerPage: 14.6,
  dbMsPerPage: 0.8,
};

/**
 * The NOTIFY ceiling measured here with 4 publishing processes (610 a second; 755 with one);
 * a 32-core primary; cores planned at half their time.
 */
export const MEASURED_LIMITS: Limits = {
  notifyingCommitsPerSecond: 610,
  maxDbCores: 32,
  utilisation: 0.5,
};

function table(rows: [string, Plan][]): string {
  const fmt = (n: number, digits = 0) =>
    Number.isFinite(n) ? n.toLocaleString("en", { maximumFractionDigits: digits }) : "∞";
  const lines = [
    `| | ${rows.map(([name]) => name).join(" | ")} |`,
    `|---|${rows.map(() => "---:").join("|")}|`,
  ];
  const row = (label: string, value: (plan: Plan) => string) =>
    lines.push(`| ${label} | ${rows.map(([, plan]) => value(plan)).join(" | ")} |`);
  row("online at the peak", (p) => fmt(p.online));
  row("messages a second", (p) => fmt(p.messages, 1));
  row("searches a second", (p) => fmt(p.searches, 1));
  row("other pages a second", (p) => fmt(p.pages, 1));
  row("notifying commits a second", (p) => fmt(p.notifyingCommits));
  row("of them activity marks", (p) => fmt(p.activityMarks));
  row("app cores (at half load)", (p) => fmt(p.appCores, 1));
  row("app processes", (p) => fmt(p.appProcesses));
  row("PostgreSQL cores (at half load)", (p) => fmt(p.dbCores, 1));
  row("of them for search", (p) => fmt(p.dbCoresForSearch, 1));
  row("members at the NOTIFY limit", (p) => fmt(p.membersAtNotifyLimit));
  row("members at a 32-core primary", (p) => fmt(p.membersAtDbCpuLimit));
  row("first limit", (p) => p.firstLimit);
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = (members: number, change: Partial<Activity> = {}) =>
    plan({ ...STATED_ACTIVITY, members, ...change }, MEASURED_COSTS, MEASURED_LIMITS);
  // Today, the day before (activity marks notifying), and the next replacement: typing
  // signals off NOTIFY, on a broker.
  console.log(
    table([
      ["100 000", at(100_000)],
      ["1 000 000", at(1_000_000)],
      ["1 000 000, marks notifying (before 0038)", at(1_000_000, MARKS_NOTIFYING)],
      ["1 000 000, typing on a broker", at(1_000_000, { notifyingCommitsPerMessage: 3 })],
    ]),
  );
}
