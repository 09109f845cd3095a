-- The session cache (src/server/auth/session-cache.ts) holds a session with its member, their
-- profile and its main photo. Every write to those rows tells every process which members
-- changed, through NOTIFY on the channel "member_change", whichever code made the write: the
-- payload is the members' ids, comma-separated, or "*" (forget everything) for a statement
-- that touched more than 500 members or truncated a table. Statement-level triggers: one
-- notification per statement, sent at commit, and none for a rolled-back write.
CREATE FUNCTION "notify_member_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "members" integer;
  "ids" text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('member_change', '*');
    RETURN NULL;
  END IF;
  -- TG_ARGV[0] names how the changed rows ("changed", the statement's transition table) lead
  -- to their member: the row is the member, has a user_id, or is a photo of a profile.
  IF TG_ARGV[0] = 'id' THEN
    SELECT count(DISTINCT "id"), string_agg(DISTINCT "id"::text, ',') INTO "members", "ids"
      FROM "changed";
  ELSIF TG_ARGV[0] = 'user_id' THEN
    SELECT count(DISTINCT "user_id"), string_agg(DISTINCT "user_id"::text, ',')
      INTO "members", "ids" FROM "changed";
  ELSE
    SELECT count(DISTINCT p."user_id"), string_agg(DISTINCT p."user_id"::text, ',')
      INTO "members", "ids"
      FROM "changed" c JOIN "profiles" p ON p."id" = c."profile_id";
  END IF;
  IF "members" > 500 THEN
    PERFORM pg_notify('member_change', '*');
  ELSIF "members" > 0 THEN
    PERFORM pg_notify('member_change', "ids");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_update_notify" AFTER UPDATE ON "users" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_member_change"('id');
--> statement-breakpoint
CREATE TRIGGER "users_delete_notify" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_member_change"('id');
--> statement-breakpoint
CREATE TRIGGER "sessions_update_notify" AFTER UPDATE ON "sessions" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_member_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "sessions_delete_notify" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_member_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "profiles_insert_notify" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_member_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "profiles_update_notify" AFTER UPDATE ON "profiles" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_member_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "profiles_delete_notify" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_member_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "photos_update_notify" AFTER UPDATE ON "photos" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_member_change"('profile_id');
--> statement-breakpoint
CREATE TRIGGER "photos_delete_notify" AFTER DELETE ON "photos" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_member_change"('profile_id');
--> statement-breakpoint
CREATE TRIGGER "users_truncate_notify" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_member_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncate_notify" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_member_change"();
--> statement-breakpoint
CREATE TRIGGER "profiles_truncate_notify" AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "notify_member_change"();
--> statement-breakpoint
CREATE TRIGGER "photos_truncate_notify" AFTER TRUNCATE ON "photos" FOR EACH STATEMENT EXECUTE FUNCTION "notify_member_change"();
