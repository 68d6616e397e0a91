-- The book list's unfiltered first page carries its total from row_count and
-- is kept by each process until a notice (src/features/book/book.server.ts):
-- a write to the counter itself is announced too. Written with a book insert
-- or delete, it adds nothing: PostgreSQL delivers one notice per transaction
-- for the same channel and payload.
CREATE TRIGGER "row_count_change_notice" AFTER UPDATE OR DELETE OR TRUNCATE ON "row_count" FOR EACH STATEMENT EXECUTE FUNCTION "session_change_notice"();
