-- A notice on channel "session_change" after every committed write to what a
-- session read returns (the session, its user, the page data version), by
-- whoever writes. Each process keeps the sessions it read until such a notice
-- (src/server/db/change-notices.server.ts); PostgreSQL sends one notice per
-- transaction however many statements write.
CREATE FUNCTION "session_change_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_change', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "session_change_notice" AFTER UPDATE OR DELETE OR TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION "session_change_notice"();
--> statement-breakpoint
CREATE TRIGGER "user_change_notice" AFTER UPDATE OR DELETE OR TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION "session_change_notice"();
--> statement-breakpoint
CREATE TRIGGER "page_data_version_change_notice" AFTER UPDATE ON "page_data_version" FOR EACH STATEMENT EXECUTE FUNCTION "session_change_notice"();
