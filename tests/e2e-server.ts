/** What the browser tests' throwaway server is started with (playwright.config.ts) and tests send. */

/** The mail provider's bounce and complaint webhook password (issue 29 item 14). */
export const MAIL_WEBHOOK_SECRET = "the e2e server's mail webhook password, not secret";
