CREATE TABLE "page_data_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "page_data_version" ("id", "version") VALUES (true, 0);
--> statement-breakpoint
-- One bump per statement, however many rows it writes, by whoever writes (the
-- app in any process, a script, psql): a signed-in page cached under the old
-- version is never served again. Concurrent writers queue on this one row, as
-- on row_count's.
CREATE FUNCTION "page_data_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "page_data_version" SET "version" = "version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "book_page_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "book" FOR EACH STATEMENT EXECUTE FUNCTION "page_data_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "genre_page_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "genre" FOR EACH STATEMENT EXECUTE FUNCTION "page_data_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "user_page_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION "page_data_version_bump"();
