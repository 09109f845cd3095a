CREATE TABLE "media_signing_key" (
	"id" smallint PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_signing_key_one_row" CHECK ("media_signing_key"."id" = 1)
);
