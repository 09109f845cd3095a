ALTER TABLE "matches" ADD COLUMN "low_seen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "high_seen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The matches made before this were shown live or not at all: no dialog for them now.
UPDATE "matches" SET "low_seen" = true, "high_seen" = true;--> statement-breakpoint
CREATE INDEX "matches_low_unseen_idx" ON "matches" USING btree ("profile_low_id","created_at") WHERE not "matches"."low_seen";--> statement-breakpoint
CREATE INDEX "matches_high_unseen_idx" ON "matches" USING btree ("profile_high_id","created_at") WHERE not "matches"."high_seen";