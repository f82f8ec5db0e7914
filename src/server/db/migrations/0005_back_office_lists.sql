ALTER TABLE "posts" ADD COLUMN "content_images" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "categories_search_idx" ON "categories" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "enquiries_search_idx" ON "enquiries" USING gin (to_tsvector('simple', "name" || ' ' || "email" || ' ' || translate("email", '@.', '  ') || ' ' || coalesce("phone", '') || ' ' || coalesce("message", '')));--> statement-breakpoint
CREATE INDEX "events_title_idx" ON "events" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin (to_tsvector('simple', "title" || ' ' || "location"));--> statement-breakpoint
CREATE INDEX "galleries_title_idx" ON "galleries" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "galleries_type_idx" ON "galleries" USING btree ("type");--> statement-breakpoint
CREATE INDEX "galleries_search_idx" ON "galleries" USING gin (to_tsvector('simple', "title" || ' ' || "description"));--> statement-breakpoint
CREATE INDEX "posts_title_idx" ON "posts" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "posts_updated_idx" ON "posts" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin (to_tsvector('simple', "title" || ' ' || "excerpt"));--> statement-breakpoint
CREATE INDEX "posts_content_images_idx" ON "posts" USING gin ("content_images");--> statement-breakpoint
-- The uploads each existing post's body names (uploadsIn in shared/schemas/media.ts does the same on save).
-- Only the posts that name one are rewritten: rewriting all would leave the built-in database, which has no autovacuum, a table half dead rows.
UPDATE "posts" SET "content_images" = coalesce((SELECT array_agg(DISTINCT '/uploads/' || m[1] || '.webp') FROM regexp_matches("content", '/uploads/([a-f0-9]{32})(?:-[0-9]+)?\.webp', 'g') AS m), '{}'::text[]) WHERE "content" ~ '/uploads/[a-f0-9]{32}(-[0-9]+)?\.webp';--> statement-breakpoint
-- Statistics for the new expression indexes now, so the planner uses them before the next vacuum.
ANALYZE "categories";--> statement-breakpoint
ANALYZE "enquiries";--> statement-breakpoint
ANALYZE "events";--> statement-breakpoint
ANALYZE "galleries";--> statement-breakpoint
ANALYZE "posts";
