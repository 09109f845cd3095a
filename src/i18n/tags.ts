/** A piece of a catalogue text: plain text, or the text inside one markup tag. */
export type TextPart = string | { tag: string; text: string };

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * Cuts a translated text at its markup tags, so a component can turn the tagged words into links
 * while the whole sentence stays one catalogue string (translators keep their word order).
 * Tags do not nest; a tag without its closing partner stays plain text.
 * @example splitTags("Read our <terms>terms</terms>.") // ["Read our ", { tag: "terms", text: "terms" }, "."]
 */
export function splitTags(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let rest = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > rest) parts.push(text.slice(rest, match.index));
    parts.push({ tag: match[1] ?? "", text: match[2] ?? "" });
    rest = match.index + match[0].length;
  }
  if (rest < text.length) parts.push(text.slice(rest));
  return parts;
}

/** The names of the markup tags in a text, sorted, e.g. ["privacy", "terms"]. */
export function findTagNames(text: string): string[] {
  return [...text.matchAll(TAG)].map((match) => match[1] ?? "").sort();
}
