-- A notice may also name a table's order by a column, "table#column", when a
-- statement changed it: a row added or removed, or that column (or the key)
-- changed in an update. A kept read that shows the first rows in that order
-- depends on its own rows' keys and on the order, not on every row of the table
-- (src/server/fast-paths/kept-reads.server.ts, decision 048). TG_ARGV[1], when
-- given, is that column. The rest is migration 0027's function unchanged.
CREATE OR REPLACE FUNCTION "change_notice_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  written bigint;
  keys text[];
  reordered boolean := false;
  payload text := '';
BEGIN
  EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM written_rows LIMIT 65) AS some_rows' INTO written;
  IF written = 0 THEN
    RETURN NULL;
  END IF;
  IF written <= 64 THEN
    IF TG_OP = 'UPDATE' THEN
      EXECUTE format('SELECT array(SELECT %1$I::text FROM written_rows UNION SELECT %1$I::text FROM old_rows)', TG_ARGV[0]) INTO keys;
      IF TG_NARGS > 1 THEN
        EXECUTE format('SELECT EXISTS (SELECT %1$I, %2$I FROM written_rows EXCEPT SELECT %1$I, %2$I FROM old_rows)', TG_ARGV[0], TG_ARGV[1]) INTO reordered;
      END IF;
    ELSE
      EXECUTE format('SELECT array(SELECT DISTINCT %1$I::text FROM written_rows)', TG_ARGV[0]) INTO keys;
      reordered := TG_NARGS > 1;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM unnest(keys) AS k WHERE k IS NULL OR position(',' IN k) > 0) THEN
      SELECT string_agg(TG_TABLE_NAME || ':' || k, ',') INTO payload FROM unnest(keys) AS k;
      IF reordered THEN
        payload := payload || ',' || TG_TABLE_NAME || '#' || TG_ARGV[1];
      END IF;
      IF octet_length(payload) > 7900 THEN
        payload := '';
      END IF;
    END IF;
  END IF;
  PERFORM pg_notify('change_notice', payload);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The book list's kept first page is in the order by title.
DROP TRIGGER "book_update_notice" ON "book";
--> statement-breakpoint
DROP TRIGGER "book_delete_notice" ON "book";
--> statement-breakpoint
DROP TRIGGER "book_insert_notice" ON "book";
--> statement-breakpoint
CREATE TRIGGER "book_update_notice" AFTER UPDATE ON "book" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_keys"('id', 'title');
--> statement-breakpoint
CREATE TRIGGER "book_delete_notice" AFTER DELETE ON "book" REFERENCING OLD TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_keys"('id', 'title');
--> statement-breakpoint
CREATE TRIGGER "book_insert_notice" AFTER INSERT ON "book" REFERENCING NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_keys"('id', 'title');
