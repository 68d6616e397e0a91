ALTER TABLE "book" ADD COLUMN "cover" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "avatar" text;