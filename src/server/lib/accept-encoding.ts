/** A content coding we can answer with, besides the unencoded bytes ("identity"). */
export type ContentCoding = "br" | "gzip";

/** RFC 9110 §12.4.2: a weight is 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The weight a client gives each coding it names (RFC 9110 §12.5.3), names in lower case. */
function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const element of header.split(",")) {
    const [name = "", ...parameters] = element.split(";").map((part) => part.trim());
    if (!name) continue;
    const quality = parameters.find((parameter) => /^q\s*=/i.test(parameter));
    const value = quality?.replace(/^q\s*=\s*/i, "") ?? "1";
    // An unreadable weight makes the element unreadable: it is left out rather than guessed.
    if (QVALUE.test(value)) weights.set(name.toLowerCase(), Number(value));
  }
  return weights;
}

/**
 * The coding to answer with, among those we have (in our order of preference), for a request's
 * Accept-Encoding; null for the unencoded bytes. RFC 9110 §12.5.3: the highest weight wins, `*`
 * stands for every coding not named, `q=0` refuses, and "identity" stays acceptable unless
 * refused; on a tie our order decides (so brotli, the smaller, before gzip), and identity comes
 * last. No header at all gets the unencoded bytes, as curl and old clients expect.
 * @example negotiateEncoding("gzip, deflate, br, zstd", ["br", "gzip"]) // "br"
 * @example negotiateEncoding("br;q=0.5, gzip", ["br", "gzip"]) // "gzip"
 * @example negotiateEncoding("br;q=0.1, identity", ["br", "gzip"]) // null
 */
export function negotiateEncoding(
  header: string | undefined,
  available: readonly ContentCoding[],
): ContentCoding | null {
  if (header === undefined) return null;
  const weights = parseAcceptEncoding(header);
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  // Unnamed, identity is acceptable with the lowest weight the client gave anything.
  const identity =
    weights.get("identity") ?? weights.get("*") ?? Math.min(1, ...[...weights.values()]);
  let chosen: ContentCoding | null = null;
  let best = identity;
  for (const coding of available) {
    const weight = weightOf(coding);
    if (weight > 0 && (weight > best || (weight === best && chosen === null))) {
      chosen = coding;
      best = weight;
    }
  }
  return chosen;
}
