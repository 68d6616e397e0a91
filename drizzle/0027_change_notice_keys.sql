-- A notice names what a statement wrote, "table:key" separated by commas
-- (user:<id>, session:<id>, book:<id>, genre:<id>, row_count:<table>), so a
-- process forgets only the kept reads that depend on it
-- (src/server/fast-paths/kept-reads.server.ts, decision 043). An empty
-- notice means everything: a truncation, a statement of more than 64 rows, a
-- key that cannot be named (a comma in it) or a payload near PostgreSQL's
-- 8000-byte limit. TG_ARGV[0] is the column that keys a row; the rows
-- written are "written_rows" (the old ones of a delete, the new ones of an
-- insert or update) and, for an update, "old_rows" too (a key may change).
CREATE FUNCTION "change_notice_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  written bigint;
  keys text[];
  payload text := '';
BEGIN
  EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM written_rows LIMIT 65) AS some_rows' INTO written;
  IF written = 0 THEN
    RETURN NULL;
  END IF;
  IF written <= 64 THEN
    IF TG_OP = 'UPDATE' THEN
      EXECUTE format('SELECT array(SELECT %1$I::text FROM written_rows UNION SELECT %1$I::text FROM old_rows)', TG_ARGV[0]) INTO keys;
    ELSE
      EXECUTE format('SELECT array(SELECT DISTINCT %1$I::text FROM written_rows)', TG_ARGV[0]) INTO keys;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM unnest(keys) AS k WHERE k IS NULL OR position(',' IN k) > 0) THEN
      SELECT string_agg(TG_TABLE_NAME || ':' || k, ',') INTO payload FROM unnest(keys) AS k;
      IF octet_length(payload) > 7900 THEN
        payload := '';
      END IF;
    END IF;
  END IF;
  PERFORM pg_notify('change_notice', payload);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "session_change_notice" ON "session";
--> statement-breakpoint
DROP TRIGGER "user_change_notice" ON "user";
--> statement-breakpoint
DROP TRIGGER "row_count_change_notice" ON "row_count";
--> statement-breakpoint
-- Book, genre and user writes announce their own keys: the counter's notice would name nothing that is kept.
DROP TRIGGER "change_counter_change_notice" ON "change_counter";
--> statement-breakpoint
-- Per table (its key column): updates and deletes name their keys, a truncation
-- names nothing; inserts of a session or a user are never part of a kept read.
DO $$
DECLARE
  keyed record;
BEGIN
  FOR keyed IN SELECT * FROM (VALUES
    ('session', 'id', false), ('user', 'id', false), ('book', 'id', true), ('genre', 'id', true), ('row_count', 'table_name', false)
  ) AS t(name, key_column, inserts) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_keys"(%L)', keyed.name || '_update_notice', keyed.name, keyed.key_column);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_keys"(%L)', keyed.name || '_delete_notice', keyed.name, keyed.key_column);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "change_notice"()', keyed.name || '_truncate_notice', keyed.name);
    IF keyed.inserts THEN
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice_keys"(%L)', keyed.name || '_insert_notice', keyed.name, keyed.key_column);
    END IF;
  END LOOP;
END $$;
