DROP INDEX "book_title_id_idx";--> statement-breakpoint
CREATE INDEX "book_title_id_author_idx" ON "book" USING btree ("title","id","author");