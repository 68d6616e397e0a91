CREATE INDEX "book_genre_title_id_idx" ON "book" USING btree ("genre_id","title","id");--> statement-breakpoint
CREATE INDEX "book_genre_author_id_idx" ON "book" USING btree ("genre_id","author","id");--> statement-breakpoint
CREATE INDEX "user_role_name_id_idx" ON "user" USING btree ("role","name","id");--> statement-breakpoint
CREATE INDEX "user_role_email_id_idx" ON "user" USING btree ("role","email","id");--> statement-breakpoint
CREATE INDEX "user_banned_name_id_idx" ON "user" USING btree ("banned","name","id");--> statement-breakpoint
CREATE INDEX "user_banned_email_id_idx" ON "user" USING btree ("banned","email","id");