CREATE TABLE "report_cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reported_user_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"severity" smallint NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"resolution_action" text,
	"resolution_reason" text,
	CONSTRAINT "report_cases_status" CHECK ("report_cases"."status" in ('open', 'resolved')),
	CONSTRAINT "report_cases_severity" CHECK ("report_cases"."severity" between 1 and 3),
	CONSTRAINT "report_cases_resolved" CHECK (("report_cases"."status" = 'open') = ("report_cases"."resolved_at" is null and "report_cases"."resolution_action" is null))
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "case_id" integer;--> statement-breakpoint
ALTER TABLE "report_cases" ADD CONSTRAINT "report_cases_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cases" ADD CONSTRAINT "report_cases_claimed_by_staff_accounts_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cases" ADD CONSTRAINT "report_cases_resolved_by_staff_accounts_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_cases_open_member_key" ON "report_cases" USING btree ("reported_user_id") WHERE "report_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "report_cases_queue_idx" ON "report_cases" USING btree ("severity" DESC NULLS FIRST,"last_reported_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "report_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "report_cases_member_idx" ON "report_cases" USING btree ("reported_user_id","id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_case_id_report_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."report_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_case_idx" ON "reports" USING btree ("case_id","id");--> statement-breakpoint
-- custom SQL (keep when renumbering)
-- issue 27 item 3: every report made before cases existed joins one open case per reported
-- member, its severity the highest of its reasons (REASON_SEVERITY in
-- src/contract/report-options.ts as it was then: 3 high, 2 medium, 1 low).
INSERT INTO "report_cases" ("reported_user_id", "severity", "opened_at", "last_reported_at")
SELECT "reported_user_id",
  max(CASE
    WHEN "reason" IN ('underage', 'scam', 'harassment') THEN 3
    WHEN "reason" IN ('fake_profile', 'inappropriate') THEN 2
    ELSE 1
  END),
  min("created_at"),
  max("created_at")
FROM "reports"
WHERE "case_id" IS NULL
GROUP BY "reported_user_id";
--> statement-breakpoint
UPDATE "reports" SET "case_id" = "report_cases"."id"
FROM "report_cases"
WHERE "report_cases"."reported_user_id" = "reports"."reported_user_id"
  AND "report_cases"."status" = 'open'
  AND "reports"."case_id" IS NULL;
