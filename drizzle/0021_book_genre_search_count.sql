-- A genre's count with a search (the first 1,001 matches, issue 27) from the
-- genre's own index, its search text filtered in the index tuples alone: at a
-- million books 'winter' in one genre took ~40 ms as a bitmap of the word's
-- matches and the genre's books (44,536 and 100,000 rows) and their heap
-- blocks, ~16 ms here (docs/decisions/032-filtered-pages.md).
DROP INDEX "book_genre_title_id_idx";--> statement-breakpoint
CREATE INDEX "book_genre_title_id_search_idx" ON "book" USING btree ("genre_id","title","id","search");