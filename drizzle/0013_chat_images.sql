ALTER TABLE "messages" ADD COLUMN "image_blur_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "image_opened_at" timestamp with time zone;