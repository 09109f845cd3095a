import type { Locale } from "../../i18n/locales";
import { createRandom } from "../db/portrait";
import { seedCountries } from "../db/seed-data";
import { loadRegionCatalogue } from "../geo/regions";
import type { LanderSlug } from "./pages";

/** The illustrated members shipped in public/landers (scripts/make-lander-media.ts draws them). */
const FEMALE = Array.from({ length: 10 }, (_, index) => `f${index + 1}`);
const MALE = Array.from({ length: 10 }, (_, index) => `m${index + 1}`);
const OLDER_FEMALE = Array.from({ length: 6 }, (_, index) => `of${index + 1}`);
const OLDER_MALE = Array.from({ length: 6 }, (_, index) => `om${index + 1}`);
export const LANDER_IMAGES = [...FEMALE, ...MALE, ...OLDER_FEMALE, ...OLDER_MALE];

export type LanderPersona = {
  name: string;
  age: number;
  region: string;
  image: string;
  gender: "female" | "male";
};

/** The country a lander's members seem to come from: the first one speaking its language. */
function countryFor(locale: Locale) {
  const country = seedCountries.find((candidate) => candidate.locale === locale);
  if (!country) throw new Error(`No seed country speaks ${locale}`);
  return country;
}

/** @example getLanderCountry("de") // "de" */
export function getLanderCountry(locale: Locale): string {
  return countryFor(locale).code;
}

/**
 * The members a lander shows: the slug picks who (women, men, over 50; mixed without one), the
 * language picks names and regions of a country that speaks it. The same for every build.
 */
export async function getLanderPersonas(
  locale: Locale,
  slug: LanderSlug | undefined,
  count = 8,
): Promise<LanderPersona[]> {
  const country = countryFor(locale);
  const regions = (await loadRegionCatalogue()).regionsOf(country.code, locale);
  const random = createRandom(
    locale.charCodeAt(0) * 31 + locale.charCodeAt(1) + (slug?.length ?? 0),
  );
  const personas: LanderPersona[] = [];
  for (let index = 0; index < count; index++) {
    const gender: LanderPersona["gender"] =
      slug === "women" ? "female" : slug === "men" ? "male" : index % 2 === 0 ? "female" : "male";
    const isOlder = slug === "50plus";
    const images =
      gender === "female" ? (isOlder ? OLDER_FEMALE : FEMALE) : isOlder ? OLDER_MALE : MALE;
    const names = gender === "female" ? country.femaleNames : country.maleNames;
    const sameGenderIndex = slug === "women" || slug === "men" ? index : Math.floor(index / 2);
    personas.push({
      name: names[(sameGenderIndex * 5 + 3) % names.length] as string,
      age: isOlder ? 51 + Math.floor(random() * 16) : 23 + Math.floor(random() * 20),
      region: (regions[Math.floor(random() * regions.length)] as { name: string }).name,
      image: `/landers/${images[sameGenderIndex % images.length]}.webp`,
      gender,
    });
  }
  return personas;
}
