CREATE TABLE "canned_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "canned_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"language" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_answers" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"site_id" text NOT NULL,
	"waited_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_claims" (
	"conversation_id" integer PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_notes" (
	"member_user_id" integer NOT NULL,
	"operated_user_id" integer NOT NULL,
	"body" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_notes_member_user_id_operated_user_id_pk" PRIMARY KEY("member_user_id","operated_user_id")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sent_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "inbox_languages" text[];--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "inbox_sites" text[];--> statement-breakpoint
ALTER TABLE "inbox_answers" ADD CONSTRAINT "inbox_answers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_answers" ADD CONSTRAINT "inbox_answers_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_claims" ADD CONSTRAINT "inbox_claims_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_claims" ADD CONSTRAINT "inbox_claims_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_operated_user_id_users_id_fk" FOREIGN KEY ("operated_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_updated_by_staff_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canned_answers_language_idx" ON "canned_answers" USING btree ("language","id");--> statement-breakpoint
CREATE INDEX "inbox_answers_created_idx" ON "inbox_answers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "inbox_answers_staff_idx" ON "inbox_answers" USING btree ("staff_id","created_at");