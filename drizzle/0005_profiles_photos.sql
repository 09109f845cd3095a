CREATE TABLE "blocks" (
	"blocker_profile_id" integer NOT NULL,
	"blocked_profile_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_profile_id_blocked_profile_id_pk" PRIMARY KEY("blocker_profile_id","blocked_profile_id")
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sender_profile_id" integer NOT NULL,
	"recipient_profile_id" integer NOT NULL,
	"gift" text NOT NULL,
	"credits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"liker_profile_id" integer NOT NULL,
	"liked_profile_id" integer NOT NULL,
	"is_new" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_liker_profile_id_liked_profile_id_pk" PRIMARY KEY("liker_profile_id","liked_profile_id")
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "blur_key" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hair_color" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "eye_color" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "body_type" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "height" smallint;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "relationship_status" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "wizard_step" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_profile_id_profiles_id_fk" FOREIGN KEY ("blocker_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_profile_id_profiles_id_fk" FOREIGN KEY ("blocked_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_sender_profile_id_profiles_id_fk" FOREIGN KEY ("sender_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_recipient_profile_id_profiles_id_fk" FOREIGN KEY ("recipient_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liker_profile_id_profiles_id_fk" FOREIGN KEY ("liker_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liked_profile_id_profiles_id_fk" FOREIGN KEY ("liked_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_profile_id");--> statement-breakpoint
CREATE INDEX "gifts_recipient_idx" ON "gifts" USING btree ("recipient_profile_id","created_at");--> statement-breakpoint
CREATE INDEX "likes_liked_idx" ON "likes" USING btree ("liked_profile_id","is_new");--> statement-breakpoint
CREATE INDEX "photos_storage_key_idx" ON "photos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "photos_blur_key_idx" ON "photos" USING btree ("blur_key");--> statement-breakpoint
-- Regions become ISO 3166-2 codes; earlier free-text regions cannot be mapped safely.
UPDATE "profiles" SET "region" = NULL WHERE "region" !~ '^[A-Z]{2}-[A-Z0-9]{1,3}$';--> statement-breakpoint
-- Profiles made before the wizard existed, with their basics given, count as completed.
UPDATE "profiles" SET "wizard_step" = 5 WHERE "gender" IS NOT NULL AND "seeking" IS NOT NULL;
