-- The book search summary: docs/decisions/041-search-slices.md.
CREATE TABLE "book_search_slice" (
	"sort" text NOT NULL,
	"slice" integer NOT NULL,
	"after_key" text NOT NULL,
	"after_id" text NOT NULL,
	"grams" bit(65536) NOT NULL,
	CONSTRAINT "book_search_slice_sort_slice_pk" PRIMARY KEY("sort","slice")
);
--> statement-breakpoint
-- The bit of a piece of text of three or four characters: its code points
-- mixed, modulo the summary's 65,536 bits. Our own arithmetic, not a server
-- hash function, so the bits mean the same on every server and version.
CREATE FUNCTION "search_gram_bit"(gram text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((((ascii(substr(gram, 1, 1))::bigint * 131 + ascii(substr(gram, 2, 1))) * 131 + ascii(substr(gram, 3, 1)))
            * CASE WHEN length(gram) > 3 THEN 131 ELSE 1 END + ascii(substr(gram, 4, 1))) % 65536)::integer
$$;
--> statement-breakpoint
-- Every piece of three and of four characters of a text's words, as bits
-- (the fours tell 'great' from 'gre', 'rea' and 'eat' in other words). A
-- search term's words hold no space: pieces across a space or a line are
-- never asked for.
CREATE FUNCTION "search_grams"(t text) RETURNS bit(65536) LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  grams bit(65536) := B'0'::bit(65536);
  piece text;
BEGIN
  FOR i IN 1 .. coalesce(length(t), 0) - 2 LOOP
    FOREACH piece IN ARRAY ARRAY[substr(t, i, 3), substr(t, i, 4)] LOOP
      IF length(piece) >= 3 AND strpos(piece, ' ') = 0 AND strpos(piece, E'\n') = 0 THEN
        grams := set_bit(grams, search_gram_bit(piece), 1);
      END IF;
    END LOOP;
  END LOOP;
  RETURN grams;
END $$;
--> statement-breakpoint
-- A written book's pieces join the slice its key falls in, in each order. A
-- deleted book's stay (a slice may then be searched for nothing, never
-- skipped wrongly) until the next rebuild.
CREATE FUNCTION "book_search_slice_note"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  written bit(65536) := search_grams(NEW.search);
BEGIN
  UPDATE book_search_slice s SET grams = s.grams | written
   WHERE s.sort = 'title' AND s.grams | written <> s.grams
     AND s.slice = (SELECT max(f.slice) FROM book_search_slice f
                     WHERE f.sort = 'title' AND (f.after_key, f.after_id) < (NEW.title, NEW.id));
  UPDATE book_search_slice s SET grams = s.grams | written
   WHERE s.sort = 'author' AND s.grams | written <> s.grams
     AND s.slice = (SELECT max(f.slice) FROM book_search_slice f
                     WHERE f.sort = 'author' AND (f.after_key, f.after_id) < (NEW.author, NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "book_search_slice_note" AFTER INSERT OR UPDATE OF "title", "author" ON "book"
  FOR EACH ROW EXECUTE FUNCTION "book_search_slice_note"();
--> statement-breakpoint
-- Cuts each order into `slices` slices of as many rows and summarises them
-- anew. Book writes wait meanwhile (a note on a slice being replaced would be
-- lost): a second or so per 100,000 books. Run by the migration, the seed
-- and the job `search.slices` when the catalogue has grown or shrunk.
CREATE FUNCTION "book_search_slices_rebuild"(slices integer DEFAULT 64) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE book IN SHARE MODE;
  LOCK TABLE book_search_slice IN EXCLUSIVE MODE;
  DELETE FROM book_search_slice;
  INSERT INTO book_search_slice (sort, slice, after_key, after_id, grams)
  WITH sliced AS MATERIALIZED (
    SELECT sort, key, id, search, slice,
           lead(slice) OVER (PARTITION BY sort ORDER BY key, id) AS next_slice
      FROM (SELECT 'title' AS sort, title AS key, id, search, ntile(slices) OVER (ORDER BY title, id) - 1 AS slice FROM book
            UNION ALL
            SELECT 'author', author, id, search, ntile(slices) OVER (ORDER BY author, id) - 1 FROM book) AS ranked
  ), starts AS (
    SELECT sort, 0 AS slice, '' AS after_key, '' AS after_id FROM (VALUES ('title'), ('author')) AS orders(sort)
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
    FROM starts LEFT JOIN bits USING (sort, slice);
END $$;
--> statement-breakpoint
SELECT "book_search_slices_rebuild"();
