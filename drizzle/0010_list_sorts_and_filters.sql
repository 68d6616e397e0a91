DROP INDEX "book_title_id_search_idx";--> statement-breakpoint
CREATE INDEX "book_title_id_search_genre_idx" ON "book" USING btree ("title","id","search","genre_id");--> statement-breakpoint
CREATE INDEX "book_author_id_search_genre_idx" ON "book" USING btree ("author","id","search","genre_id");--> statement-breakpoint
CREATE INDEX "user_email_id_idx" ON "user" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "user_role_idx" ON "user" USING btree ("role");--> statement-breakpoint
CREATE INDEX "user_banned_idx" ON "user" USING btree ("banned");