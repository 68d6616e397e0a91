CREATE TABLE "user_search_slice" (
	"sort" text NOT NULL,
	"slice" integer NOT NULL,
	"after_key" text NOT NULL,
	"after_id" text NOT NULL,
	"grams" bit(65536) NOT NULL,
	CONSTRAINT "user_search_slice_sort_slice_pk" PRIMARY KEY("sort","slice")
);
--> statement-breakpoint
DROP INDEX "user_name_trgm_idx";--> statement-breakpoint
DROP INDEX "user_email_trgm_idx";--> statement-breakpoint
CREATE INDEX "user_search_trgm_idx" ON "user" USING gin ((lower("name" || E'\n' || "email")) gin_trgm_ops);--> statement-breakpoint
-- The search summary of migration 0014 made one for every list: the user
-- list's (by name, by e-mail) as the book list's (by title, by author).
-- docs/decisions/041-search-slices.md. A list's search text is its order
-- columns lower-cased, one per line (book.search; the user's expression
-- of user_search_trgm_idx).
--
-- A written row's pieces join the slice its key falls in, in each order.
-- The trigger's arguments: the summary table, then the order columns. A
-- deleted row's pieces stay (a slice may then be searched for nothing, never
-- skipped wrongly) until the next rebuild.
CREATE FUNCTION "search_slice_note"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  written_row jsonb := to_jsonb(NEW);
  orders text[];
  written bit(65536);
  sort text;
BEGIN
  orders := TG_ARGV[1:TG_NARGS - 1];
  written := search_grams(lower((SELECT string_agg(written_row ->> o, E'\n' ORDER BY n)
                                   FROM unnest(orders) WITH ORDINALITY AS t(o, n))));
  FOREACH sort IN ARRAY orders LOOP
    EXECUTE format('UPDATE %1$I s SET grams = s.grams | $1
                     WHERE s.sort = $2 AND s.grams | $1 <> s.grams
                       AND s.slice = (SELECT max(f.slice) FROM %1$I f
                                       WHERE f.sort = $2 AND (f.after_key, f.after_id) < ($3, $4))', TG_ARGV[0])
      USING written, sort, written_row ->> sort, written_row ->> 'id';
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Cuts each order of `source` into `slices` slices of as many rows and
-- summarises them anew in `summary`. The list's writes wait meanwhile (a
-- note on a slice being replaced would be lost): a second or so per 100,000
-- rows. Run by the migrations, the seed and the job `search.slices`.
CREATE FUNCTION "search_slices_rebuild"(summary text, source text, orders text[], slices integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  search text := format('lower(%s)', (SELECT string_agg(format('%I', o), $q$ || E'\n' || $q$ ORDER BY n)
                                        FROM unnest(orders) WITH ORDINALITY AS t(o, n)));
  ranked text := (SELECT string_agg(format('SELECT %L AS sort, %I AS key, id, %s AS search, ntile(%s) OVER (ORDER BY %I, id) - 1 AS slice FROM %I',
                                           o, o, search, slices, o, source), ' UNION ALL ')
                    FROM unnest(orders) AS o);
BEGIN
  EXECUTE format('LOCK TABLE %I IN SHARE MODE', source);
  EXECUTE format('LOCK TABLE %I IN EXCLUSIVE MODE', summary);
  EXECUTE format('DELETE FROM %I', summary);
  EXECUTE format($sql$
  INSERT INTO %I (sort, slice, after_key, after_id, grams)
  WITH sliced AS MATERIALIZED (
    SELECT sort, key, id, search, slice,
           lead(slice) OVER (PARTITION BY sort ORDER BY key, id) AS next_slice
      FROM (%s) AS ranked
  ), starts AS (
    SELECT sort, 0 AS slice, '' AS after_key, '' AS after_id FROM unnest($1::text[]) AS orders(sort)
    UNION ALL
    SELECT sort, next_slice, key, id FROM sliced WHERE next_slice <> slice
  ), words AS (
    SELECT DISTINCT sort, slice, word
      FROM sliced, string_to_table(replace(search, E'\n', ' '), ' ') AS word WHERE length(word) >= 3
  ), pieces AS (
    SELECT DISTINCT sort, slice, search_gram_bit(substr(word, i, size)) AS bit
      FROM words, (VALUES (3), (4)) AS sizes(size), generate_series(1, length(word) - size + 1) AS i
  ), bits AS (
    -- A slice's bits as text, '0's up to each set bit in turn, then '0's to the end.
    SELECT sort, slice, rpad(string_agg(repeat('0', bit - coalesce(before, -1) - 1) || '1', '' ORDER BY bit), 65536, '0') AS grams
      FROM (SELECT sort, slice, bit, lag(bit) OVER (PARTITION BY sort, slice ORDER BY bit) AS before FROM pieces) AS set_bits
     GROUP BY sort, slice
  )
  SELECT starts.sort, starts.slice, starts.after_key, starts.after_id, coalesce(bits.grams, repeat('0', 65536))::bit(65536)
    FROM starts LEFT JOIN bits USING (sort, slice)
  $sql$, summary, ranked) USING orders;
END $$;
--> statement-breakpoint
DROP TRIGGER "book_search_slice_note" ON "book";
--> statement-breakpoint
DROP FUNCTION "book_search_slice_note"();
--> statement-breakpoint
CREATE TRIGGER "book_search_slice_note" AFTER INSERT OR UPDATE OF "title", "author" ON "book"
  FOR EACH ROW EXECUTE FUNCTION "search_slice_note"('book_search_slice', 'title', 'author');
--> statement-breakpoint
CREATE TRIGGER "user_search_slice_note" AFTER INSERT OR UPDATE OF "name", "email" ON "user"
  FOR EACH ROW EXECUTE FUNCTION "search_slice_note"('user_search_slice', 'name', 'email');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "book_search_slices_rebuild"(slices integer DEFAULT 64) RETURNS void LANGUAGE sql AS $$
  SELECT search_slices_rebuild('book_search_slice', 'book', ARRAY['title', 'author'], slices)
$$;
--> statement-breakpoint
CREATE FUNCTION "user_search_slices_rebuild"(slices integer DEFAULT 64) RETURNS void LANGUAGE sql AS $$
  SELECT search_slices_rebuild('user_search_slice', 'user', ARRAY['name', 'email'], slices)
$$;
--> statement-breakpoint
SELECT "user_search_slices_rebuild"();
