DROP INDEX "enquiries_type_created_idx";--> statement-breakpoint
DROP INDEX "enquiries_created_idx";--> statement-breakpoint
DROP INDEX "galleries_published_created_idx";--> statement-breakpoint
DROP INDEX "galleries_created_idx";--> statement-breakpoint
CREATE INDEX "enquiries_type_created_idx" ON "enquiries" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiries_created_idx" ON "enquiries" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "galleries_published_created_idx" ON "galleries" USING btree ("published","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "galleries_created_idx" ON "galleries" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);