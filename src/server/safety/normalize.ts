/**
 * The three readings of a message the safety rules scan (issue 27, message safety). Each is
 * computed once per message; the rules' regexes run on the one they name.
 *
 * - `raw`: NFKC (fullwidth and mathematical letters become plain ones), invisible characters
 *   removed, control characters (NUL included) turned into spaces. Case is kept, because Bitcoin
 *   and TRON addresses are case-sensitive.
 * - `text`: `raw` in lower case, look-alike Cyrillic and Greek letters replaced by Latin ones,
 *   accents removed (ä → a, ł → l, ø → o, ß → ss), so rules are written once in plain letters and
 *   `\b` (ASCII-only in JavaScript) holds in every language. Digits and punctuation stay.
 * - `words`: `text` with runs of white space as one space and leetspeak undone where a digit or
 *   symbol touches a letter ("wh4tsapp", "te1egram", "w3stern"), for the word rules.
 */
export interface MessageReadings {
  raw: string;
  text: string;
  words: string;
}

/** Zero-width and other invisible characters used to split words past filters. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
const CONTROL = /\p{Cc}/gu;
const MARKS = /\p{M}/gu;

// Letters that look like Latin ones once lower-cased (Cyrillic, Greek, IPA), letter for letter.
const LOOK_ALIKE_FROM = "аеёіїјкморстухѕһԁԛԝɑɡικνορτυχαε";
const LOOK_ALIKE_TO = "aeeiijkmopctyxshdqwagikvoptuxae";
// Letters NFD does not split into a base letter and an accent.
const UNSPLIT: Readonly<Record<string, string>> = {
  ł: "l",
  ø: "o",
  đ: "d",
  ı: "i",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  þ: "th",
};
const LOOK_ALIKES = new Map<string, string>([
  ...[...LOOK_ALIKE_FROM].map((letter, i): [string, string] => [
    letter,
    LOOK_ALIKE_TO[i] as string,
  ]),
  ...Object.entries(UNSPLIT),
]);
const LOOK_ALIKE = new RegExp(`[${[...LOOK_ALIKES.keys()].join("")}]`, "gu");

const LEET_FROM = "013457@$";
const LEET_TO = "oieastas";
// A digit next to a letter, or @ and $ between two letters ("wh@tsapp"); "@anna" keeps its @.
const LEET_CHAR = /(?<=[a-z])[013457]|[013457](?=[a-z])|(?<=[a-z])[@$](?=[a-z])/g;

/** Reads a message three ways for the rules; linear in its length. */
export function readMessage(message: string): MessageReadings {
  const raw = message.normalize("NFKC").replace(INVISIBLE, "").replace(CONTROL, " ");
  const text = raw
    .toLowerCase()
    .replace(LOOK_ALIKE, (letter) => LOOK_ALIKES.get(letter) ?? letter)
    .normalize("NFD")
    .replace(MARKS, "");
  const words = text
    .replace(/\s+/g, " ")
    .replace(LEET_CHAR, (char) => LEET_TO[LEET_FROM.indexOf(char)] ?? char);
  return { raw, text, words };
}
