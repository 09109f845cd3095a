CREATE TABLE "member_strikes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_strikes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_strikes_kind" CHECK ("member_strikes"."kind" in ('warn', 'suspend', 'ban', 'lift')),
	CONSTRAINT "member_strikes_ends_at" CHECK (("member_strikes"."kind" = 'suspend') = ("member_strikes"."ends_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "banned_email_hashes" (
	"hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sanction" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sanction_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_strikes" ADD CONSTRAINT "member_strikes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_strikes" ADD CONSTRAINT "member_strikes_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_strikes_user_idx" ON "member_strikes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "users_suspension_end_idx" ON "users" USING btree ("sanction_ends_at") WHERE "users"."sanction" = 'suspended';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sanction" CHECK (("users"."sanction" is null and "users"."sanction_ends_at" is null)
        or ("users"."sanction" = 'banned' and "users"."sanction_ends_at" is null)
        or ("users"."sanction" = 'suspended' and "users"."sanction_ends_at" is not null));