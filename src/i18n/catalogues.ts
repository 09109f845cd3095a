import type { Locale } from "./locales";
import da from "./locales/da.json";
import de from "./locales/de.json";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fi from "./locales/fi.json";
import fr from "./locales/fr.json";
import it from "./locales/it.json";
import nb from "./locales/nb.json";
import nl from "./locales/nl.json";
import pl from "./locales/pl.json";
import sv from "./locales/sv.json";

/** A flat UI catalogue: dotted keys -> text with {placeholders}; plural forms as key_<category>. */
export type Catalogue = Readonly<Record<string, string>>;

/** English is the source catalogue; its keys (without plural suffixes) are the message keys. */
export type MessageKey = keyof typeof en extends infer K
  ? K extends `${infer Base}_${"one" | "other"}`
    ? Base
    : K
  : never;

export const catalogues: Record<Locale, Catalogue> = { da, de, en, es, fi, fr, it, nb, nl, pl, sv };
