-- The user search on a stored, lower-cased search column, as the book's
-- (migration 0009, docs/decisions/027-book-search-column.md): the expression
-- index of migration 0018 served the index, but every row a search filters in
-- order (a page's walk, a slice, the count's scan) lower-cased its name and
-- e-mail again, 5 times the cost of a byte comparison at a million users
-- (decision 041, "The user search column"). Rewrites the user table once.
DROP INDEX "user_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "search" text GENERATED ALWAYS AS (lower("user"."name" || E'\n' || "user"."email")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "user_search_trgm_idx" ON "user" USING gin ("search" gin_trgm_ops);