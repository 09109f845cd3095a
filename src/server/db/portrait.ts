import { loadSharp, RENDITIONS, renderRenditions } from "../photos/processing";

/** A small deterministic PRNG (mulberry32), so the demo looks the same on every machine. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SKIN = ["#f6d2b8", "#eab896", "#d9a07a", "#c08663", "#9a6446", "#6e4530"];
const HAIR = [
  "#2b1d14",
  "#4a2f1e",
  "#6b4226",
  "#a0672c",
  "#d6b06a",
  "#8c8c8c",
  "#1c1c1c",
  "#7a2e1f",
];
const CLOTHES = [
  "#e85d75",
  "#4f6bed",
  "#2bb3a3",
  "#f2a541",
  "#8e5cd9",
  "#37474f",
  "#ef7b45",
  "#ffffff",
];

export type PortraitOptions = {
  gender: "female" | "male";
  seed: number;
  /** A fixed hair colour (the landers' members over 50 are grey); random otherwise. */
  hair?: string;
};

/**
 * An illustrated portrait (no photo of a real person, nothing downloaded): a dusk-coloured
 * background with soft light spots and a stylised head-and-shoulders figure.
 */
export function renderPortraitSvg({ gender, seed, hair: fixedHair }: PortraitOptions): string {
  const random = createRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const { width, height } = RENDITIONS.main;
  const hue = Math.floor(random() * 360);
  const skin = pick(SKIN);
  const hair = fixedHair ?? pick(HAIR);
  const clothes = pick(CLOTHES);
  const cx = width / 2 + (random() - 0.5) * 80;
  const headY = 360 + (random() - 0.5) * 50;
  const headRx = 118 + random() * 14;
  const headRy = headRx * 1.24;
  const spots = Array.from({ length: 9 }, () => {
    const r = 30 + random() * 120;
    return `<circle cx="${(random() * width).toFixed(0)}" cy="${(random() * height * 0.7).toFixed(0)}" r="${r.toFixed(0)}" fill="hsl(${(hue + 40 + random() * 60) % 360} 90% 85%)" opacity="${(0.08 + random() * 0.18).toFixed(2)}"/>`;
  }).join("");
  const longHair = gender === "female" ? random() < 0.8 : random() < 0.1;
  const hairBack = longHair
    ? `<path d="M${cx - headRx - 34} ${headY - 20} Q${cx - headRx - 60} ${headY + 260} ${cx - headRx + 10} ${headY + 300} L${cx + headRx - 10} ${headY + 300} Q${cx + headRx + 60} ${headY + 260} ${cx + headRx + 34} ${headY - 20} Z" fill="${hair}"/>`
    : "";
  const fringe = `<path d="M${cx - headRx - 6} ${headY - 10} Q${cx - headRx + 10} ${headY - headRy - 40} ${cx} ${headY - headRy - 18} Q${cx + headRx - 10} ${headY - headRy - 40} ${cx + headRx + 6} ${headY - 10} Q${cx + headRx * 0.4} ${headY - headRy * 0.55} ${cx - headRx * 0.2} ${headY - headRy * 0.72} Q${cx - headRx * 0.7} ${headY - headRy * 0.4} ${cx - headRx - 6} ${headY - 10} Z" fill="${hair}"/>`;
  const beard =
    gender === "male" && random() < 0.35
      ? `<path d="M${cx - headRx * 0.8} ${headY + 20} Q${cx} ${headY + headRy + 40} ${cx + headRx * 0.8} ${headY + 20} Q${cx} ${headY + headRy * 0.75} ${cx - headRx * 0.8} ${headY + 20} Z" fill="${hair}" opacity="0.85"/>`
      : "";
  const shoulders = `<path d="M${cx - 300} ${height} Q${cx - 280} ${headY + 250} ${cx} ${headY + 230} Q${cx + 280} ${headY + 250} ${cx + 300} ${height} Z" fill="${clothes}"/>`;
  const neck = `<rect x="${cx - 48}" y="${headY + headRy - 40}" width="96" height="110" rx="40" fill="${skin}"/>`;
  const cheeks =
    gender === "female"
      ? `<ellipse cx="${cx - headRx * 0.55}" cy="${headY + 40}" rx="22" ry="12" fill="#e8837f" opacity="0.35"/><ellipse cx="${cx + headRx * 0.55}" cy="${headY + 40}" rx="22" ry="12" fill="#e8837f" opacity="0.35"/>`
      : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 72%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 60% 40%)"/></linearGradient>
<radialGradient id="light" cx="0.5" cy="0.35" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>${spots}<rect width="${width}" height="${height}" fill="url(#light)"/>
${hairBack}${shoulders}${neck}<ellipse cx="${cx}" cy="${headY}" rx="${headRx}" ry="${headRy}" fill="${skin}"/>${cheeks}${beard}${fringe}
</svg>`;
}

/** Renders a portrait in the stored renditions, through the same code as an upload. */
export async function renderPortrait(options: PortraitOptions) {
  const sharp = await loadSharp();
  return renderRenditions(sharp(Buffer.from(renderPortraitSvg(options))));
}
