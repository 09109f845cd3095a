CREATE TABLE "matches" (
	"profile_low_id" integer NOT NULL,
	"profile_high_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_profile_low_id_profile_high_id_pk" PRIMARY KEY("profile_low_id","profile_high_id")
);
--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_profile_low_id_profiles_id_fk" FOREIGN KEY ("profile_low_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_profile_high_id_profiles_id_fk" FOREIGN KEY ("profile_high_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matches_high_idx" ON "matches" USING btree ("profile_high_id","created_at");--> statement-breakpoint
CREATE INDEX "matches_low_idx" ON "matches" USING btree ("profile_low_id","created_at");--> statement-breakpoint
CREATE INDEX "likes_received_idx" ON "likes" USING btree ("liked_profile_id","created_at","liker_profile_id");--> statement-breakpoint
CREATE INDEX "likes_given_idx" ON "likes" USING btree ("liker_profile_id","created_at","liked_profile_id");--> statement-breakpoint
-- Pairs who already liked each other are matches from the later of their two likes.
INSERT INTO "matches" ("profile_low_id", "profile_high_id", "created_at")
SELECT a."liker_profile_id", a."liked_profile_id", greatest(a."created_at", b."created_at")
FROM "likes" a
JOIN "likes" b ON b."liker_profile_id" = a."liked_profile_id" AND b."liked_profile_id" = a."liker_profile_id"
WHERE a."liker_profile_id" < a."liked_profile_id";
