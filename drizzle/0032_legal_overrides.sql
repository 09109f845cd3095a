CREATE TABLE "legal_texts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_texts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"locale" text NOT NULL,
	"document" text NOT NULL,
	"markdown" text NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP CONSTRAINT "staff_accounts_role";--> statement-breakpoint
CREATE UNIQUE INDEX "legal_texts_live_key" ON "legal_texts" USING btree ("site_id","locale","document") WHERE "legal_texts"."live";--> statement-breakpoint
CREATE INDEX "legal_texts_history_idx" ON "legal_texts" USING btree ("site_id","locale","document","id");--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_role" CHECK ("staff_accounts"."role" in ('admin', 'moderator', 'support', 'operator', 'editor'));