DROP INDEX "categories_search_idx";--> statement-breakpoint
DROP INDEX "enquiries_admission_search_idx";--> statement-breakpoint
DROP INDEX "enquiries_search_idx";--> statement-breakpoint
DROP INDEX "events_search_idx";--> statement-breakpoint
DROP INDEX "galleries_search_idx";--> statement-breakpoint
DROP INDEX "posts_search_idx";--> statement-breakpoint
CREATE INDEX "categories_search_idx" ON "categories" USING gin (to_tsvector('simple', translate("name", '-./:@+_&<>\', '           ')));--> statement-breakpoint
CREATE INDEX "enquiries_admission_search_idx" ON "enquiries" USING gin (to_tsvector('simple', translate("name" || ' ' || coalesce("details" ->> 'fatherName', ''), '-./:@+_&<>\', '           ')));--> statement-breakpoint
CREATE INDEX "enquiries_search_idx" ON "enquiries" USING gin (to_tsvector('simple', translate("name" || ' ' || "email" || ' ' || coalesce("phone", '') || ' ' || coalesce("message", ''), '-./:@+_&<>\', '           ')));--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin (to_tsvector('simple', translate("title" || ' ' || "location", '-./:@+_&<>\', '           ')));--> statement-breakpoint
CREATE INDEX "galleries_search_idx" ON "galleries" USING gin (to_tsvector('simple', translate("title" || ' ' || "description", '-./:@+_&<>\', '           ')));--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin (to_tsvector('simple', translate("title" || ' ' || "excerpt", '-./:@+_&<>\', '           ')));