import type { Locale } from "../../i18n/locales";
import type { Translate } from "../../i18n/translate";
import type { Session } from "../auth/schema";
import type { Database } from "../db/client";
import type { UserViewProfile } from "../members/user-view";
import type { MediaSigner } from "../photos/media-url";
import type { Viewer } from "../profiles/viewer";
import type { Providers } from "../providers";
import type { Site } from "../sites/registry";
import type { SignedInStaff } from "../staff/session";
import type { User } from "../users/schema";
import type { RequestClient } from "./client";

/** What the request pipeline (src/server/app.ts) puts on every API request. */
export type AppVariables = {
  db: Database;
  site: Site;
  /** The client by the trusted-proxy rule (design §10): address and scheme. */
  client: RequestClient;
  locale: Locale;
  t: Translate;
  session: Session | null;
  user: User | null;
  /** Who is looking, resolved with the session: routes take it from here, never query it. */
  viewer: Viewer | null;
  /** What GET /api/user.php shows of the member's profile, resolved with the session. */
  userViewProfile: UserViewProfile | null;
  /** Mints this request's /media URLs for its member, or for a visitor (photos/media-url.ts). */
  media: MediaSigner;
  /** The payment and SMS providers the app was made with (`createApp`, providers.ts). */
  providers: Providers;
  /**
   * The staff member of the `staff` cookie, on /api/staff/* only (staff/context.ts); there the
   * member fields are null whatever cookie came.
   */
  staff: SignedInStaff | null;
};

/** Bindings passed in by the Astro endpoint that serves the app: the socket's peer address. */
export type AppBindings = { clientAddress?: string };

export type AppEnv = { Variables: AppVariables; Bindings: AppBindings };

/**
 * What /media has: the request alone (site, client, locale), no database and no member. A
 * signed URL is the capability there (design §8), so nothing else is looked up.
 */
export type MediaEnv = {
  Variables: Pick<AppVariables, "site" | "client" | "locale" | "t">;
  Bindings: AppBindings;
};
