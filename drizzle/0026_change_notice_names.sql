-- Names that say what things are: the channel carries every change notice
-- (sessions, users, the catalogue, its counts), not only a session's; the
-- table keys no page (decision 030): it counts the writes to book, genre and
-- user, and its change relays their notice. A function's body is its text,
-- so the two that name the channel or the table are written again.
ALTER TABLE "page_data_version" RENAME TO "change_counter";
--> statement-breakpoint
ALTER TABLE "change_counter" RENAME CONSTRAINT "page_data_version_pkey" TO "change_counter_pkey";
--> statement-breakpoint
ALTER FUNCTION "page_data_version_bump"() RENAME TO "change_counter_bump";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "change_counter_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "change_counter" SET "version" = "version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
ALTER TRIGGER "book_page_data_version" ON "book" RENAME TO "book_change_counter";
--> statement-breakpoint
ALTER TRIGGER "genre_page_data_version" ON "genre" RENAME TO "genre_change_counter";
--> statement-breakpoint
ALTER TRIGGER "user_page_data_version" ON "user" RENAME TO "user_change_counter";
--> statement-breakpoint
ALTER FUNCTION "session_change_notice"() RENAME TO "change_notice";
--> statement-breakpoint
-- A notice on channel "change_notice" after every committed write to a table
-- that a process keeps reads of (src/server/fast-paths/change-notices.server.ts);
-- PostgreSQL sends one notice per transaction however many statements write.
CREATE OR REPLACE FUNCTION "change_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('change_notice', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
ALTER TRIGGER "page_data_version_change_notice" ON "change_counter" RENAME TO "change_counter_change_notice";
