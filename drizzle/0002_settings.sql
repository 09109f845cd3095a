ALTER TABLE "profiles" ADD COLUMN "invisible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_disabled_reason" text;