ALTER TABLE "orders" ADD COLUMN "code_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_lapsed_at" timestamp with time zone;--> statement-breakpoint
-- Orders made before codes were held may share a code: all but the first (a completed one first)
-- step out of the hold, so the index can be built.
UPDATE "orders" SET "code_lapsed_at" = now() WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id", "discount_code" ORDER BY ("state" = 'completed') DESC, "id") AS "rank" FROM "orders" WHERE "discount_code" IS NOT NULL AND "state" NOT IN ('failed', 'cancelled')) AS "holders" WHERE "rank" > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_discount_code_hold_key" ON "orders" USING btree ("user_id","discount_code") WHERE "orders"."discount_code" is not null and "orders"."code_lapsed_at" is null and "orders"."state" not in ('failed', 'cancelled');