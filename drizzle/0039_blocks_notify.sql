-- Issue 30 item 1: the session cache (src/server/auth/session-cache.ts) now holds the profiles a
-- member and they blocked, either way (auth/session.ts), which the member search leaves out of
-- a shared first page (search/listing-cache.ts). A block or unblock names both members on
-- "member_change", as 0010's triggers do for the rows they watch: the same thresholds and
-- payload, one notification per statement, at commit.
CREATE FUNCTION "notify_block_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "members" integer;
  "ids" text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('member_change', '*');
    RETURN NULL;
  END IF;
  SELECT count(DISTINCT p."user_id"), string_agg(DISTINCT p."user_id"::text, ',')
    INTO "members", "ids"
    FROM "changed" c
    JOIN "profiles" p ON p."id" IN (c."blocker_profile_id", c."blocked_profile_id");
  IF "members" > 500 THEN
    PERFORM pg_notify('member_change', '*');
  ELSIF "members" > 0 THEN
    PERFORM pg_notify('member_change', "ids");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "blocks_insert_notify" AFTER INSERT ON "blocks" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_block_change"();
--> statement-breakpoint
CREATE TRIGGER "blocks_delete_notify" AFTER DELETE ON "blocks" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_block_change"();
--> statement-breakpoint
CREATE TRIGGER "blocks_truncate_notify" AFTER TRUNCATE ON "blocks" FOR EACH STATEMENT EXECUTE FUNCTION "notify_block_change"();
