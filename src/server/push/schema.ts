import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema";

/**
 * design §2 web push: a browser's subscription (spec §7 POST /api/user.php?push=1). A member has
 * one per browser they turned notifications on in; an endpoint belongs to one member at a time
 * (whoever subscribed last in that browser). The push service's 404 or 410 deletes the row.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The push service's URL for this browser: a capability, never shown to anyone. */
    endpoint: text("endpoint").notNull().unique(),
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last push the service accepted. */
    pushedAt: timestamp("pushed_at", { withTimezone: true }),
  },
  (table) => [index("push_subscriptions_user_idx").on(table.userId)],
);
