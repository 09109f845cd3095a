import { type Browser, chromium, type Page } from "@playwright/test";
import { catalogues } from "../src/i18n/catalogues";
import { defaultLocale, toLocale } from "../src/i18n/locales";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/chromium";
import { startHttp2Front } from "./h2-front";

/**
 * Member pages on a mid-range phone (issue 30 item 2, issue 29 item 8): Chromium as a Pixel 7
 * with its CPU slowed 4× and Lighthouse's slow-4G network applied (DevTools throttling: 562.5 ms
 * round trip, 1.47 Mbit/s down, 675 kbit/s up), logged in as a member, one page at a time, each
 * in a browser of its own. "Logged in" is measured as Lighthouse's recipe for pages behind a
 * login does it (docs/recipes/auth: log in through the site's form, then run with
 * `disableStorageReset`, which keeps the browser's cache): the member logs in, unthrottled, and
 * the page is then loaded with what the login left in the cache, its own chunks not among them.
 * The same pages with nothing cached at all are measured too, stricter than the recipe: a phone
 * whose cache was emptied. Per page: LCP, total blocking time (long tasks past 50 ms after the
 * first paint, until 3 s after the main control works), layout shift, and when the page's main
 * control answers a tap: the moment its island has hydrated and the control no longer says it
 * is not ready (aria-disabled), or, for a plain link, the moment it is on screen. The pages come
 * through an HTTP/2 front (bench/h2-front.ts), as members' browsers get them from production's
 * TLS proxy.
 */
export type PhonePage = {
  label: string;
  path: string;
  control: string;
  /** false: the CPU slowed alone, on the local network (issue 29 item 8's own measure). */
  network?: boolean;
  /**
   * What the browser has cached when the page loads: what logging in through the login form
   * left there ("login", Lighthouse's recipe for pages behind a login), or nothing ("none").
   */
  cache: "login" | "none";
};

/**
 * The member the pages are loaded for: a session's cookie for the pages with nothing cached, and
 * what they type into the login form for the pages after a login.
 */
export type PhoneMember = { cookie: string; email: string; password: string };

export type PhoneScore = {
  label: string;
  cache: PhonePage["cache"];
  path: string;
  lcp: number;
  tbt: number;
  cls: number;
  /** ms from navigation start until the main control answers a tap; null when it never did. */
  ready: number | null;
  /** The page's scripts, compressed, whether fetched or taken from the cache. */
  jsKb: number;
  /** The page's scripts fetched over the network (not from the cache), compressed. */
  fetchedKb: number;
  /** What moved, for each layout shift counted: when, how much, and the elements. */
  shifts: string[];
};

export const PHONE_BUDGET = { lcp: 2000, tbt: 200, cls: 0.01, ready: 1500 } as const;

const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

declare global {
  interface Window {
    __phone?: {
      lcp: number;
      cls: number;
      shifts: string[];
      longTasks: { start: number; duration: number }[];
    };
    __ready?: number;
  }
}

/**
 * The member pages issue 30 item 2 names, each with its main control, after logging in and then
 * with nothing cached.
 */
export function memberPhonePages(ids: { profile: number; conversation: number }): PhonePage[] {
  const pages = [
    { label: "/members", path: "/members", control: ".member-card-link" },
    { label: "a profile", path: `/members/${ids.profile}`, control: ".profile-actions button" },
    { label: "/chats/{id}", path: `/chats/${ids.conversation}`, control: ".chat-footer textarea" },
    { label: "/swipe-game", path: "/swipe-game", control: ".swipe-like" },
    { label: "/credits", path: "/credits", control: ".package-list a" },
  ];
  return [
    ...pages.map((page) => ({ ...page, cache: "login" as const })),
    ...pages.map((page) => ({ ...page, cache: "none" as const })),
    // issue 29 item 8: the swipe buttons answer within 1.5 s, the CPU slowed 4×.
    {
      label: "/swipe-game, CPU 4× only",
      path: "/swipe-game",
      control: ".swipe-like",
      network: false,
      cache: "none",
    },
  ];
}

export async function runPhone(
  base: string,
  member: PhoneMember,
  pages: PhonePage[],
): Promise<PhoneScore[]> {
  const front = await startHttp2Front(base);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const scores: PhoneScore[] = [];
  try {
    for (const page of pages) scores.push(await measure(browser, front.origin, member, page));
  } finally {
    await browser.close();
    await front.close();
  }
  return scores;
}

async function measure(
  browser: Browser,
  base: string,
  member: PhoneMember,
  { label, path, control, network = true, cache }: PhonePage,
): Promise<PhoneScore> {
  // After the login the form's own session cookie; with nothing cached, the member's.
  const [name, value] = cache === "none" ? member.cookie.split("=") : [];
  const context = await browser.newContext({
    // The front's certificate is its own (bench/h2-front.ts).
    ignoreHTTPSErrors: true,
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    // The notices a returning member has answered: the page as they see it every day.
    storageState: {
      cookies: [
        ...(name && value ? [{ name, value, domain: "127.0.0.1", path: "/" }] : []),
        { name: "cookie_consent", value: "all", domain: "127.0.0.1", path: "/" },
        {
          name: "dismissals",
          value: encodeURIComponent(JSON.stringify({ timeBonus: Date.now(), welcome: Date.now() })),
          domain: "127.0.0.1",
          path: "/",
        },
      ].map((c) => ({ ...c, expires: -1, httpOnly: false, secure: false, sameSite: "Lax" })),
      origins: [
        {
          origin: base,
          localStorage: [{ name: "entry-warning-dismissed-at", value: new Date().toISOString() }],
        },
      ],
    },
  });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send("Network.enable");
  if (cache === "login") await logIn(tab, base, member);
  else await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  // The measured page's scripts from here on: each one's compressed size (its content-length,
  // kept with it in the cache), and what the network carried of it (nothing from the cache).
  let jsBytes = 0;
  let fetchedBytes = 0;
  const scripts = new Set<string>();
  cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
    if (type !== "Script") return;
    scripts.add(requestId);
    const length = Object.entries(response.headers).find(([header]) =>
      /^content-length$/i.test(header),
    );
    jsBytes += Number(length?.[1] ?? 0);
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    if (scripts.has(requestId)) fetchedBytes += encodedDataLength;
  });
  await tab.addInitScript(() => {
    const phone = {
      lcp: 0,
      cls: 0,
      shifts: [] as string[],
      longTasks: [] as { start: number; duration: number }[],
    };
    window.__phone = phone;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) phone.lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        phone.cls += entry.value;
        const moved = entry.sources.map((source) => {
          const node = source.node instanceof Element ? source.node : source.node?.parentElement;
          const name = node
            ? `${node.localName}${node.className ? `.${String(node.className).split(" ").join(".")}` : ""}`
            : "?";
          return `${name} y ${source.previousRect.y}->${source.currentRect.y}, h ${source.previousRect.height}->${source.currentRect.height}`;
        });
        phone.shifts.push(
          `${entry.startTime.toFixed(0)} ms, ${entry.value.toFixed(3)}: ${moved.join("; ")}`,
        );
      }
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        phone.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: "longtask", buffered: true });
  });
  if (network) await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let ready: number | null = null;
  try {
    await tab.goto(`${base}${path}`, { waitUntil: "commit", timeout: 30_000 });
    ready = await tab
      .waitForFunction(
        (selector) => {
          const element = document.querySelector(selector);
          const island = element?.closest("astro-island");
          const works =
            element &&
            !island?.hasAttribute("ssr") &&
            element.getAttribute("aria-disabled") !== "true";
          if (works) window.__ready ??= performance.now();
          return works ? window.__ready : null;
        },
        control,
        { timeout: 20_000, polling: 16 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>);
  } catch {
    ready = null;
  }
  await tab.waitForTimeout(3000);
  const perf = await tab.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const phone = window.__phone ?? { lcp: 0, cls: 0, shifts: [], longTasks: [] };
    const tbt = phone.longTasks
      .filter((task) => task.start >= fcp)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    return { lcp: phone.lcp, cls: phone.cls, tbt, shifts: phone.shifts };
  });
  await context.close();
  return {
    label,
    cache,
    path,
    ...perf,
    ready,
    jsKb: jsBytes / 1024,
    fetchedKb: fetchedBytes / 1024,
  };
}

/**
 * Lighthouse's recipe for a page behind a login: the member logs in through the site's form, on
 * the network as it is, and lands where the form sends them; the tab then leaves for a blank
 * page, from which the measured navigation starts with the cache as the login left it.
 */
async function logIn(tab: Page, base: string, member: PhoneMember): Promise<void> {
  await tab.goto(`${base}/login`);
  // The form speaks the site's language.
  const t = catalogues[toLocale(await tab.locator("html").getAttribute("lang")) ?? defaultLocale];
  await tab.getByLabel(t["login.email"] ?? "", { exact: true }).fill(member.email);
  await tab.getByLabel(t["login.password"] ?? "", { exact: true }).fill(member.password);
  await Promise.all([
    tab.waitForURL(`${base}/members`),
    tab.getByRole("button", { name: t["login.submit"] }).click(),
  ]);
  await tab.waitForLoadState("networkidle");
  await tab.goto("about:blank");
}

export function printPhone(scores: PhoneScore[], say: (line: string) => void = console.log): void {
  const b = PHONE_BUDGET;
  say(
    `\nMember pages on a phone: 4× slower CPU, slow 4G, logged in (issue 30 item 2; budget LCP <= ${b.lcp} ms, TBT <= ${b.tbt} ms, CLS <= ${b.cls}, main control <= ${b.ready} ms)\ncache "login": what logging in through the form left (Lighthouse's recipe for pages behind a login); "none": nothing\n${"".padEnd(26)}  cache  LCP ms  TBT ms     CLS  control ms   JS KB  fetched  budget\n${"-".repeat(103)}`,
  );
  for (const s of scores) {
    const ok =
      s.lcp <= b.lcp && s.tbt <= b.tbt && s.cls <= b.cls && s.ready !== null && s.ready <= b.ready;
    say(
      `${s.label.padEnd(26)} ${s.cache.padStart(6)} ${s.lcp.toFixed(0).padStart(7)} ${s.tbt.toFixed(0).padStart(7)} ${s.cls.toFixed(3).padStart(7)} ${(s.ready === null ? "never" : s.ready.toFixed(0)).padStart(11)} ${s.jsKb.toFixed(1).padStart(7)} ${s.fetchedKb.toFixed(1).padStart(8)}  ${ok ? "✓" : "✗"}`,
    );
  }
  // A page that moved says what moved.
  for (const s of scores.filter((score) => score.cls > b.cls)) {
    for (const shift of s.shifts) say(`  ${s.label} (cache ${s.cache}) shifted at ${shift}`);
  }
}
