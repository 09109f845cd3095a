CREATE TABLE "staff_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text NOT NULL,
	"role" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"last_totp_step" bigint DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_accounts_role" CHECK ("staff_accounts"."role" in ('admin', 'moderator', 'support', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "staff_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" integer,
	"role" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_email_key" ON "staff_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_audit_staff_idx" ON "staff_audit" USING btree ("staff_id","id");--> statement-breakpoint
CREATE INDEX "staff_audit_action_idx" ON "staff_audit" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "staff_audit_target_idx" ON "staff_audit" USING btree ("target_type","target_id","id");--> statement-breakpoint
CREATE INDEX "staff_audit_created_idx" ON "staff_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
-- design §13: the audit log is append-only; nothing a staff member does can rewrite it.
CREATE FUNCTION "staff_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit is append-only (% refused)', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "staff_audit_no_update" BEFORE UPDATE OR DELETE ON "staff_audit" FOR EACH ROW EXECUTE FUNCTION "staff_audit_append_only"();
