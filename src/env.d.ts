/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    site: import("./server/sites/registry").Site;
    /** The client by the trusted-proxy rule (design §10): address and scheme. */
    client: import("./server/request/client").RequestClient;
    settings: import("./contract/sites").PublicSettings;
    locale: import("./i18n/locales").Locale;
    /**
     * The language a /{locale}/… URL chose (issue 29 item 1), kept for the page Astro renders
     * in its place after a rewrite (/de/signup's page, /de/anything's 404).
     */
    urlLocale?: import("./i18n/locales").Locale;
    /** The member's time zone, from the browser's `tz` cookie; UTC without one (issue 29 item 17). */
    timeZone: string;
    t: import("./i18n/translate").Translate;
    db: import("./server/db/client").Database;
    /** The process's payment and SMS providers (src/server/startup.ts, getProviders). */
    providers: import("./server/providers").Providers;
    user: import("./server/users/schema").User | null;
    /** Who is looking, resolved with the session (one statement): pages never query it. */
    viewer: import("./server/profiles/viewer").Viewer | null;
    /** Mints the page's /media URLs for its member, or for a visitor (photos/media-url.ts). */
    media: import("./server/photos/media-url").MediaSigner;
    /** The member's own search preferences, from the session's statement (no query). */
    preferences: import("./server/profiles/preferences").Preferences | null;
    /** The member as the client sees them (spec §3 User), or null when logged out. */
    member: import("./contract/users").UserView | null;
    /** design §13: the signed-in staff member of a console page (/staff/*); null elsewhere. */
    staff?: import("./server/staff/session").SignedInStaff | null;
    /** spec §6: did the visitor arrive from a traffic source (network/ref)? */
    hasTrafficSource: boolean;
    /** Set by the error page when the failure was an outage (500.astro): the answer is a 503. */
    outage?: import("./server/lib/outage").Outage;
  }
}
