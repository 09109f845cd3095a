/**
 * Makes a request target decodable: every `%` that does not start a valid escape becomes `%25`,
 * as does every `%` of a run of escapes that is not UTF-8, so the URL then stands for its own
 * literal text. Valid escapes are kept. The Node adapter refuses URLs that `decodeURI` cannot
 * read with a bare "Bad request." in plain text, before Astro or the API see them; repaired,
 * they get the API's JSON error or the page's 404 like any other unknown value (design §10).
 * @example escapeMalformedPercentEncoding("/%ZZ?q=%C3%A9") // "/%25ZZ?q=%C3%A9"
 * @example escapeMalformedPercentEncoding("/members/%E0%A4%A") // "/members/%25E0%25A4%25A"
 */
export function escapeMalformedPercentEncoding(target: string): string {
  // One character's UTF-8 bytes are consecutive escapes, so runs of escapes decode together.
  return target.replace(/(?:%[0-9A-Fa-f]{2})+|%/g, (run) => {
    if (run === "%") return "%25";
    try {
      decodeURIComponent(run);
      return run;
    } catch {
      return run.replaceAll("%", "%25");
    }
  });
}
