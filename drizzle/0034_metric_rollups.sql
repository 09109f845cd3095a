CREATE TABLE "metric_rollups" (
	"site_id" text NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metric_rollups_site_id_day_metric_currency_pk" PRIMARY KEY("site_id","day","metric","currency")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
-- Members confirmed before the column existed: their signup day is the best date known.
UPDATE "users" SET "activated_at" = "signup_date" WHERE "status" = 'confirmed' AND "activated_at" IS NULL;--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "likes_created_idx" ON "likes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "matches_created_idx" ON "matches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_completed_idx" ON "orders" USING btree ("completed_at") WHERE "orders"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_refunded_idx" ON "orders" USING btree ("refunded_at") WHERE "orders"."refunded_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_charged_back_idx" ON "orders" USING btree ("charged_back_at") WHERE "orders"."charged_back_at" is not null;--> statement-breakpoint
CREATE INDEX "users_signup_date_idx" ON "users" USING btree ("signup_date");--> statement-breakpoint
CREATE INDEX "users_activated_idx" ON "users" USING btree ("activated_at") WHERE "users"."activated_at" is not null;