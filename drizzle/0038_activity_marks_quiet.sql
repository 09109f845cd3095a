-- Issue 30 item 4 (bench/SCALE.md): a member's activity mark (profiles/activity.ts, once a
-- minute per online member) was an UPDATE of the profile, which 0010's trigger turned into a
-- "member_change" NOTIFY: about 60 % of the notifying commits at the evening peak, each taking
-- NOTIFY's database-wide commit lock. The session cache holds no activity time, so a profile
-- UPDATE now notifies only for the rows in which something besides "last_active_at" changed.
-- The same thresholds and payload as notify_member_change.
CREATE FUNCTION "notify_profile_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "members" integer;
  "ids" text;
BEGIN
  SELECT count(DISTINCT n."user_id"), string_agg(DISTINCT n."user_id"::text, ',')
    INTO "members", "ids"
    FROM "changed" n JOIN "before" o ON o."id" = n."id"
    WHERE (to_jsonb(n) - 'last_active_at') IS DISTINCT FROM (to_jsonb(o) - 'last_active_at');
  IF "members" > 500 THEN
    PERFORM pg_notify('member_change', '*');
  ELSIF "members" > 0 THEN
    PERFORM pg_notify('member_change', "ids");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "profiles_update_notify" ON "profiles";
--> statement-breakpoint
CREATE TRIGGER "profiles_update_notify" AFTER UPDATE ON "profiles" REFERENCING OLD TABLE AS "before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_profile_change"();
