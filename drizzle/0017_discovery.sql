CREATE TABLE "discovery_seen" (
	"viewer_profile_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discovery_seen_viewer_profile_id_profile_id_pk" PRIMARY KEY("viewer_profile_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "swipe_days" (
	"profile_id" integer NOT NULL,
	"day" date NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "swipe_days_profile_id_day_pk" PRIMARY KEY("profile_id","day")
);
--> statement-breakpoint
ALTER TABLE "discovery_seen" ADD CONSTRAINT "discovery_seen_viewer_profile_id_profiles_id_fk" FOREIGN KEY ("viewer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovery_seen" ADD CONSTRAINT "discovery_seen_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_days" ADD CONSTRAINT "swipe_days_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discovery_seen_recent_idx" ON "discovery_seen" USING btree ("viewer_profile_id","created_at");--> statement-breakpoint
CREATE INDEX "discovery_seen_profile_idx" ON "discovery_seen" USING btree ("profile_id");