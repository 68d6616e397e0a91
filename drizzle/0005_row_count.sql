CREATE TABLE "row_count" (
	"table_name" text PRIMARY KEY NOT NULL,
	"rows" bigint NOT NULL
);
--> statement-breakpoint
-- Statement-level triggers with transition tables: one counter update per
-- statement, however many rows it writes (a bulk insert of a million books
-- costs one update). Concurrent writers queue on the counter's row, so the
-- figure stays exact under READ COMMITTED.
CREATE FUNCTION "row_count_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_count" SET "rows" = "rows" + (SELECT count(*) FROM "changed_rows") WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "row_count_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_count" SET "rows" = "rows" - (SELECT count(*) FROM "changed_rows") WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "row_count_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_count" SET "rows" = 0 WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "book_row_count_insert" AFTER INSERT ON "book" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_count_add"();
--> statement-breakpoint
CREATE TRIGGER "book_row_count_delete" AFTER DELETE ON "book" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_count_remove"();
--> statement-breakpoint
CREATE TRIGGER "book_row_count_truncate" AFTER TRUNCATE ON "book" FOR EACH STATEMENT EXECUTE FUNCTION "row_count_reset"();
--> statement-breakpoint
CREATE TRIGGER "user_row_count_insert" AFTER INSERT ON "user" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_count_add"();
--> statement-breakpoint
CREATE TRIGGER "user_row_count_delete" AFTER DELETE ON "user" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_count_remove"();
--> statement-breakpoint
CREATE TRIGGER "user_row_count_truncate" AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION "row_count_reset"();
--> statement-breakpoint
-- Taken inside the migration's transaction, after the triggers exist: no write is missed.
LOCK TABLE "book", "user" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "row_count" ("table_name", "rows") SELECT 'book', count(*) FROM "book" UNION ALL SELECT 'user', count(*) FROM "user";
