import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/chromium";

/** The landers and legal pages design §12 budgets at Lighthouse mobile performance 100. */
export const LIGHTHOUSE_PAGES = [
  "/en/landers/video",
  "/de/landers/tinderswipe",
  "/fr/landers/gallery/women",
  "/en/landers/transitionsvideolanding",
  "/en/terms",
  "/de/faq",
];

export type LighthouseScore = {
  path: string;
  performance: number;
  accessibility: number;
  seo: number;
  lcp: number;
  cls: number;
  tbt: number;
};

/**
 * Lighthouse with its default mobile settings (emulated phone, throttled network and CPU) on
 * each page, in the system Chromium, one page at a time.
 */
export async function runLighthouse(
  base: string,
  paths = LIGHTHOUSE_PAGES,
): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  const scores: LighthouseScore[] = [];
  try {
    for (const path of paths) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "seo"],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { categories, audits } = result.lhr;
      const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);
      scores.push({
        path,
        performance: score(categories.performance?.score),
        accessibility: score(categories.accessibility?.score),
        seo: score(categories.seo?.score),
        lcp: audits["largest-contentful-paint"]?.numericValue ?? 0,
        cls: audits["cumulative-layout-shift"]?.numericValue ?? 0,
        tbt: audits["total-blocking-time"]?.numericValue ?? 0,
      });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

export function printLighthouse(
  scores: LighthouseScore[],
  say: (line: string) => void = console.log,
): void {
  say(
    `\nLighthouse, mobile (budget design §12: performance 100 on landers and legal pages)\n${"".padEnd(42)} perf  a11y   seo   LCP ms   CLS    TBT ms\n${"-".repeat(90)}`,
  );
  for (const s of scores) {
    say(
      `${s.path.padEnd(42)} ${String(s.performance).padStart(4)} ${String(s.accessibility).padStart(5)} ${String(s.seo).padStart(5)} ${s.lcp.toFixed(0).padStart(8)} ${s.cls.toFixed(3).padStart(6)} ${s.tbt.toFixed(0).padStart(8)}`,
    );
  }
}
