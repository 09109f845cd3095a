import type { App } from "../server/app";

/* What the photo tests (src/server/photos/*.test.ts) share: reading answers and media files. */

/** An answer's JSON body, as the type the test expects. */
export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/**
 * A GET of a /media URL from `app`, with a viewer's cookie or none.
 * @example const media = createMediaFetcher(app); await media(photo.thumb, member.cookie)
 */
export function createMediaFetcher(
  app: App,
): (url: string, cookie?: string, headers?: Record<string, string>) => Promise<Response> {
  return async (url, cookie, headers = {}) =>
    app.request(url, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

/** Every /media URL in an answer. */
export function mediaUrlsIn(answer: unknown): string[] {
  return JSON.stringify(answer).match(/[^"]*\/media\/[^"]+/g) ?? [];
}
