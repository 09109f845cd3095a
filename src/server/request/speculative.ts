/**
 * Whether a page request is the browser fetching ahead (issue 29 item 3), not a person opening
 * the page: `<link rel=prefetch>` and speculation rules say so in Sec-Purpose (Chromium,
 * Firefox; older ones in Purpose or X-Moz), and a script's fetch() is never a document
 * navigation (Sec-Fetch-Dest). What opening a page records (a like seen) waits until the page
 * is shown; a browser that sends none of these headers is taken at its word.
 */
export function isSpeculativeLoad(headers: Headers): boolean {
  const purpose = headers.get("sec-purpose") ?? headers.get("purpose") ?? headers.get("x-moz");
  if (purpose?.toLowerCase().includes("prefetch")) return true;
  const destination = headers.get("sec-fetch-dest");
  return destination !== null && destination !== "document";
}
