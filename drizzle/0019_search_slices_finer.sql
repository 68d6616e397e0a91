-- The search summaries, finer and quicker to test (docs/decisions/041-search-slices.md,
-- "Finer slices"): 256 slices an order (about 4,000 rows each at a million rows instead
-- of 15,600, the most a page reads in the first slice that may hold its match), and each
-- slice's bits stored uncompressed (8 KB out of line: read in a quarter of the time of
-- pglz's 3.6 KB, which a search pays for each slice it tests). Both take effect as the
-- summaries are cut again (the weekly job `search.slices`), not here: a cut of a million
-- rows takes minutes, and the 64 slices meanwhile stay correct.
ALTER TABLE "book_search_slice" ALTER COLUMN "grams" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "user_search_slice" ALTER COLUMN "grams" SET STORAGE EXTERNAL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "book_search_slices_rebuild"(slices integer DEFAULT 256) RETURNS void LANGUAGE sql AS $$
  SELECT search_slices_rebuild('book_search_slice', 'book', ARRAY['title', 'author'], slices)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_search_slices_rebuild"(slices integer DEFAULT 256) RETURNS void LANGUAGE sql AS $$
  SELECT search_slices_rebuild('user_search_slice', 'user', ARRAY['name', 'email'], slices)
$$;
