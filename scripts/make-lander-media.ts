/**
 * Makes the media shipped in public/ (committed, so builds need none of this): the landers'
 * illustrated members, their short video with its poster, the Open Graph image and the app
 * icons. Everything is drawn here (no downloads, no photos of real people).
 *
 *   npm run media   (needs ffmpeg for the video: apt-get install ffmpeg)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { LANDER_IMAGES } from "../src/server/content/landers";
import { renderPortraitSvg } from "../src/server/db/portrait";

const root = resolve(import.meta.dirname, "..");
const out = join(root, "public");
mkdirSync(join(out, "landers"), { recursive: true });
mkdirSync(join(out, "icons"), { recursive: true });

const GREY = ["#9a9a9a", "#b8b8b8", "#d4d4d4", "#8c8479"];

async function renderLanderImage(id: string, index: number): Promise<Buffer> {
  const gender = id.startsWith("f") || id.startsWith("of") ? "female" : "male";
  const isOlder = id.startsWith("o");
  const svg = renderPortraitSvg({
    gender,
    seed: 9000 + index * 7919,
    hair: isOlder ? GREY[index % GREY.length] : undefined,
  });
  return sharp(Buffer.from(svg)).resize(360, 450).webp({ quality: 70, effort: 6 }).toBuffer();
}

const portraits = new Map<string, Buffer>();
for (const [index, id] of LANDER_IMAGES.entries()) {
  const image = await renderLanderImage(id, index);
  portraits.set(id, image);
  writeFileSync(join(out, "landers", `${id}.webp`), image);
}
console.log(`${LANDER_IMAGES.length} lander portraits`);

// The video landers' clip: six members, cross-faded, 9 seconds, silent.
const frames = ["f1", "m2", "f3", "m4", "f5", "m6"];
const work = mkdtempSync(join(tmpdir(), "lander-video-"));
const inputs: string[] = [];
for (const [index, id] of frames.entries()) {
  const file = join(work, `${index}.png`);
  const svg = renderPortraitSvg({
    gender: id.startsWith("f") ? "female" : "male",
    seed: 500 + index * 31,
  });
  await sharp(Buffer.from(svg)).resize(480, 600).png().toFile(file);
  inputs.push("-loop", "1", "-t", "2", "-i", file);
}
const fades = frames
  .slice(1)
  .map((_, index) => {
    const from = index === 0 ? "[0:v]" : `[v${index}]`;
    return `${from}[${index + 1}:v]xfade=transition=${index % 2 ? "slideleft" : "fade"}:duration=0.5:offset=${(index + 1) * 1.5}[v${index + 1}]`;
  })
  .join(";");
const last = `[v${frames.length - 1}]`;
for (const [file, codec] of [
  ["video.webm", ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "42", "-row-mt", "1"]],
  ["video.mp4", ["-c:v", "libx264", "-crf", "30", "-preset", "slow", "-movflags", "+faststart"]],
] as const) {
  const result = spawnSync(
    "ffmpeg",
    [
      "-y",
      ...inputs,
      "-filter_complex",
      `${fades};${last}format=yuv420p`,
      "-an",
      "-r",
      "24",
      ...codec,
      join(out, "landers", file),
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  if (result.status !== 0) throw new Error(`ffmpeg failed for ${file} (is ffmpeg installed?)`);
}
await sharp(join(work, "0.png"))
  .webp({ quality: 70 })
  .toFile(join(out, "landers", "video-poster.webp"));
rmSync(work, { recursive: true });
console.log("lander video and poster");

// Open Graph image: a row of members on the brand gradient.
const tiles = await Promise.all(
  ["f1", "m1", "f2", "m3", "f4"].map((id) =>
    sharp(portraits.get(id)).resize(216, 270).png().toBuffer(),
  ),
);
await sharp({
  create: { width: 1200, height: 630, channels: 3, background: "#2a1740" },
})
  .composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a1740"/><stop offset="0.6" stop-color="#5a1f4d"/><stop offset="1" stop-color="#e8336f"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/><path d="M600 520c-60-48-150-100-150-170a80 80 0 0 1 150-38 80 80 0 0 1 150 38c0 70-90 122-150 170Z" fill="#ffffff" opacity="0.12"/></svg>`,
      ),
      top: 0,
      left: 0,
    },
    ...tiles.map((input, index) => ({
      input,
      top: 180 + (index % 2) * 40,
      left: 40 + index * 228,
    })),
  ])
  .png({ compressionLevel: 9, palette: true })
  .toFile(join(out, "og-image.png"));
console.log("og-image.png");

// App icons (web app manifest, installed-app mode): the heart mark on the brand gradient.
function iconSvg(size: number, padding: number): string {
  const scale = (size - padding * 2) / 100;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d92662"/><stop offset="1" stop-color="#5a4bd1"/></linearGradient></defs><rect width="${size}" height="${size}" fill="url(#g)"/><g transform="translate(${padding} ${padding}) scale(${scale})"><path d="M50 86C36 75 12 59 12 38a19 19 0 0 1 38-9 19 19 0 0 1 38 9c0 21-24 37-38 48Z" fill="#fff"/></g></svg>`;
}
for (const [file, size, padding] of [
  ["icon-192.png", 192, 36],
  ["icon-512.png", 512, 96],
  ["maskable-512.png", 512, 140],
  ["apple-touch-icon.png", 180, 34],
] as const) {
  await sharp(Buffer.from(iconSvg(size, padding)))
    .png({ compressionLevel: 9 })
    .toFile(join(out, "icons", file));
}
console.log("icons");
