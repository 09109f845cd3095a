import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { getAllCitiesOfCountry, getStatesOfCountry } from "@countrystatecity/countries";
import { iso31662 } from "iso-3166";
import type { Region } from "../../contract/geo";
import type { Locale } from "../../i18n/locales";
import { sites } from "../sites/registry";
import { cachedDerivation } from "./data-cache";

type StoredRegion = {
  code: string;
  country: string;
  /** ISO's own name, in the country's language ('Bayern', 'Mazowieckie'). */
  name: string;
  /** Names in other languages, where the data package has them. */
  translations: Partial<Record<string, string>>;
};

/** A place the reverse geocoder knows: a town with its region (design: no network). */
type Place = { lat: number; lon: number; region: string };

/** The countries members can live in, with their regions and towns; loaded once per process. */
export type RegionCatalogue = {
  /** Regions of a country sorted by name in the reader's language. */
  regionsOf(country: string, locale: Locale): Region[];
  /** A region's name in the reader's language, or null for an unknown code. */
  nameOf(code: string, locale: Locale): string | null;
  isRegionOf(country: string, code: string): boolean;
  /** The region of the nearest known town in a country, or null when it has none. */
  nearestRegion(country: string, lat: number, lon: number): string | null;
};

/** The countries members can live in: every country of the registry's sites. */
const REGION_COUNTRIES = [...new Set(sites.flatMap((site) => site.countries))];

const isoNames = new Map(iso31662.map((entry) => [entry.code, entry.name]));

/**
 * A country's regions are the ISO 3166-2 subdivisions its towns belong to in the
 * countries-states-cities data: the level members know (Länder, provinces, départements,
 * voivodeships, counties), current after reforms (Norway's 2024 counties), and the same level
 * the geocoder answers with.
 */
async function loadCountry(country: string) {
  const upper = country.toUpperCase();
  const [states, cities] = await Promise.all([
    getStatesOfCountry(upper),
    getAllCitiesOfCountry(upper),
  ]);
  const places: Place[] = [];
  const used = new Set<string>();
  for (const city of cities) {
    const lat = Number(city.latitude);
    const lon = Number(city.longitude);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const region = `${upper}-${city.state_code}`;
    used.add(region);
    places.push({ lat, lon, region });
  }
  const regions: StoredRegion[] = states
    .filter((state) => state.iso3166_2 && used.has(state.iso3166_2))
    .map((state) => ({
      code: state.iso3166_2 as string,
      country,
      name: isoNames.get(state.iso3166_2 as string) ?? state.name,
      translations: (state.translations ?? {}) as Partial<Record<string, string>>,
    }));
  return { regions, places };
}

function createCatalogue(loaded: Awaited<ReturnType<typeof loadCountry>>[]): RegionCatalogue {
  const byCode = new Map<string, StoredRegion>();
  const byCountry = new Map<string, StoredRegion[]>();
  const placesByCountry = new Map<string, Place[]>();
  for (const { regions, places } of loaded) {
    for (const region of regions) byCode.set(region.code, region);
    const country = regions[0]?.country;
    if (!country) continue;
    byCountry.set(country, regions);
    placesByCountry.set(country, places);
  }
  const nameIn = (region: StoredRegion, locale: Locale) =>
    region.translations[locale] ?? region.name;
  const sorted = new Map<string, Region[]>();
  return {
    regionsOf(country, locale) {
      const key = `${country}:${locale}`;
      let list = sorted.get(key);
      if (!list) {
        const collator = new Intl.Collator(locale);
        list = (byCountry.get(country) ?? [])
          .map((region) => ({ code: region.code, name: nameIn(region, locale) }))
          .sort((a, b) => collator.compare(a.name, b.name));
        sorted.set(key, list);
      }
      return list;
    },
    nameOf(code, locale) {
      const region = byCode.get(code);
      return region ? nameIn(region, locale) : null;
    },
    isRegionOf(country, code) {
      return byCode.get(code)?.country === country;
    },
    nearestRegion(country, lat, lon) {
      // Equirectangular distance is exact enough to pick the nearest of a country's towns.
      const cosLat = Math.cos((lat * Math.PI) / 180);
      let best: Place | null = null;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (const place of placesByCountry.get(country) ?? []) {
        const dx = (place.lon - lon) * cosLat;
        const dy = place.lat - lat;
        const distance = dx * dx + dy * dy;
        if (distance < bestDistance) {
          bestDistance = distance;
          best = place;
        }
      }
      return best?.region ?? null;
    },
  };
}

let catalogue: Promise<RegionCatalogue> | undefined;

/**
 * What the catalogue is made from depends on: the data package's version, the countries, and
 * the shape loadCountry gives (raise SHAPE when it changes).
 */
const SHAPE = "1";
function dataVersion(): string {
  // The package exports no package.json: it sits one folder above its entry (dist/index.cjs).
  const entry = createRequire(import.meta.url).resolve("@countrystatecity/countries");
  const manifest = readFileSync(join(dirname(entry), "..", "package.json"), "utf8");
  return (JSON.parse(manifest) as { version: string }).version;
}

/**
 * The region catalogue, read on first use: from the data package (about 1.5 s: 50 000 towns in
 * thousands of small files) by the first process, from its cached result by every later one.
 */
export function loadRegionCatalogue(): Promise<RegionCatalogue> {
  catalogue ??= cachedDerivation("regions", [dataVersion(), SHAPE, ...REGION_COUNTRIES], () =>
    Promise.all(REGION_COUNTRIES.map(loadCountry)),
  ).then(createCatalogue);
  return catalogue;
}
