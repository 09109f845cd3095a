CREATE TABLE "rejected_photo_hashes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rejected_photo_hashes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phash" text NOT NULL,
	"photo_id" integer,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "phash" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "rejected_photo_hashes" ADD CONSTRAINT "rejected_photo_hashes_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rejected_photo_hashes_phash_idx" ON "rejected_photo_hashes" USING btree ("phash");--> statement-breakpoint
CREATE INDEX "rejected_photo_hashes_photo_idx" ON "rejected_photo_hashes" USING btree ("photo_id");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_duplicate_of_photos_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_phash_idx" ON "photos" USING btree ("phash","profile_id","id") WHERE "photos"."phash" is not null;--> statement-breakpoint
CREATE INDEX "photos_duplicate_of_idx" ON "photos" USING btree ("duplicate_of") WHERE "photos"."duplicate_of" is not null;--> statement-breakpoint
CREATE INDEX "photos_review_queue_idx" ON "photos" USING btree ("queued_at","id") WHERE "photos"."queued_at" is not null;