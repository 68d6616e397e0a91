CREATE TABLE "auth_budget" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" bigint[] NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
DROP TABLE "rate_limit" CASCADE;--> statement-breakpoint
CREATE INDEX "auth_budget_expires_at_idx" ON "auth_budget" USING btree ("expires_at");