DROP INDEX "book_title_id_author_idx";--> statement-breakpoint
DROP INDEX "book_title_trgm_idx";--> statement-breakpoint
DROP INDEX "book_author_trgm_idx";--> statement-breakpoint
ALTER TABLE "book" ADD COLUMN "search" text GENERATED ALWAYS AS (lower("book"."title" || E'\n' || "book"."author")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "book_title_id_search_idx" ON "book" USING btree ("title","id","search");--> statement-breakpoint
CREATE INDEX "book_search_trgm_idx" ON "book" USING gin ("search" gin_trgm_ops);