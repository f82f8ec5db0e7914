CREATE TABLE "gallery_photo_children" (
	"gallery_id" integer NOT NULL,
	"photo" text NOT NULL,
	"child_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_photo_children_pkey" PRIMARY KEY("gallery_id","photo","child_id")
);
--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "audience" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "audience_branch" text;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "audience_programme" text;--> statement-breakpoint
ALTER TABLE "gallery_photo_children" ADD CONSTRAINT "gallery_photo_children_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photo_children" ADD CONSTRAINT "gallery_photo_children_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_photo_children_child_idx" ON "gallery_photo_children" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "galleries_audience_idx" ON "galleries" USING btree ("audience","published");--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_audience_check" CHECK ("galleries"."audience" in ('everyone', 'families', 'branch', 'programme', 'staff'));