ALTER TABLE "events" ADD COLUMN "audience" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "audience_branch" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "audience_programme" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "audience" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "audience_branch" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "audience_programme" text;--> statement-breakpoint
CREATE INDEX "events_audience_idx" ON "events" USING btree ("audience");--> statement-breakpoint
CREATE INDEX "posts_audience_idx" ON "posts" USING btree ("audience","status");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_audience_check" CHECK ("events"."audience" in ('everyone', 'families', 'branch', 'programme'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_audience_check" CHECK ("posts"."audience" in ('everyone', 'families', 'branch', 'programme'));