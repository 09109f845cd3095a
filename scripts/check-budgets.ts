/**
 * `npm run check:budgets` (part of `npm test`, after the build): design §12 for every lander and
 * legal page in the build (dist/client/prerendered/…), measured in the bytes a phone receives.
 * - HTML with its inline critical CSS: <= 14 KB gzip-compressed (the first round trip);
 * - JavaScript the page loads (module scripts, inline or linked, with their static imports):
 *   <= 25 KB compressed, and none beyond the layout's small script on pages without
 *   interactive parts;
 * - no layout shift from media: every <img> and <video> has width and height; videos are
 *   muted, preload nothing and have a poster; at most 6 images load eagerly (above the fold),
 *   the rest lazily.
 * Exits non-zero naming each page over budget.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const HTML_BUDGET = 14 * 1024;
const JS_BUDGET = 25 * 1024;
const EAGER_IMAGES = 6;

const root = resolve(import.meta.dirname, "..");
const client = join(root, "dist/client");
const prerendered = join(client, "prerendered");
if (!existsSync(prerendered)) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

function listPages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listPages(path);
    return name === "index.html" ? [path] : [];
  });
}

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

/** A module and everything it imports statically, each counted once. */
function collectModule(file: string, seen: Set<string>): void {
  if (seen.has(file) || !existsSync(file)) return;
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const match of code.matchAll(
    /(?:import|export)\s*(?:[^"'`]*?from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g,
  )) {
    collectModule(resolve(dirname(file), match[1] as string), seen);
  }
}

type Report = { page: string; html: number; js: number; problems: string[] };
const reports: Report[] = [];
const largestScriptPage = { js: 0, page: "" };

for (const file of listPages(prerendered)) {
  const html = readFileSync(file, "utf8");
  const page = `/${relative(prerendered, dirname(file))}`;
  const problems: string[] = [];

  const htmlSize = gzipSize(html);
  if (htmlSize > HTML_BUDGET) problems.push(`HTML + CSS ${htmlSize} B > ${HTML_BUDGET} B`);

  const modules = new Set<string>();
  let inlineJs = 0;
  for (const tag of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = tag[1] ?? "";
    if (/type="application\/ld\+json"/.test(attributes)) continue;
    const src = attributes.match(/src="([^"]+)"/)?.[1];
    if (src) collectModule(join(client, src), modules);
    else {
      inlineJs += gzipSize(tag[2] ?? "");
      for (const imported of (tag[2] ?? "").matchAll(/["'`](\/_astro\/[^"'`]+\.js)["'`]/g)) {
        collectModule(join(client, imported[1] as string), modules);
      }
    }
  }
  const jsSize =
    inlineJs + [...modules].reduce((sum, module) => sum + gzipSize(readFileSync(module)), 0);
  if (jsSize > JS_BUDGET) problems.push(`JavaScript ${jsSize} B > ${JS_BUDGET} B`);
  if (jsSize > largestScriptPage.js) Object.assign(largestScriptPage, { js: jsSize, page });

  let eager = 0;
  for (const img of html.matchAll(/<img\b[^>]*>/g)) {
    const tag = img[0];
    if (!/\swidth="\d+"/.test(tag) || !/\sheight="\d+"/.test(tag)) {
      problems.push(`image without width and height: ${tag.slice(0, 80)}`);
    }
    if (!/loading="lazy"/.test(tag)) eager++;
  }
  if (eager > EAGER_IMAGES) problems.push(`${eager} images load eagerly (at most ${EAGER_IMAGES})`);
  for (const video of html.matchAll(/<video\b[^>]*>/g)) {
    const tag = video[0];
    for (const rule of [
      /\swidth="\d+"/,
      /\sheight="\d+"/,
      /\sposter="/,
      /preload="none"/,
      /\smuted/,
    ]) {
      if (!rule.test(tag)) problems.push(`video lacks ${rule.source}: ${tag.slice(0, 80)}`);
    }
  }
  reports.push({ page, html: htmlSize, js: jsSize, problems });
}

const failed = reports.filter((report) => report.problems.length > 0);
const largestHtml = reports.reduce((max, report) => (report.html > max.html ? report : max));
console.log(
  `Budgets (design §12) on ${reports.length} prerendered pages: largest HTML + CSS ${largestHtml.html} B (${largestHtml.page}), largest JavaScript ${largestScriptPage.js} B (${largestScriptPage.page}).`,
);
for (const report of failed) console.error(`✗ ${report.page}: ${report.problems.join("; ")}`);
if (failed.length > 0) {
  console.error(`${failed.length} page(s) over budget.`);
  process.exit(1);
}
console.log("✓ every lander and legal page is within budget");
