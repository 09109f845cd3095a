ALTER TABLE "discount_codes" ADD COLUMN "id" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "discount_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "site_id" text;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_id_key" ON "discount_codes" USING btree ("id");--> statement-breakpoint
CREATE INDEX "orders_discount_code_idx" ON "orders" USING btree ("discount_code","site_id") WHERE "orders"."discount_code" is not null and "orders"."completed_at" is not null;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_window" CHECK ("discount_codes"."starts_at" is null or "discount_codes"."expires_at" is null or "discount_codes"."expires_at" > "discount_codes"."starts_at");