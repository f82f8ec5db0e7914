CREATE TABLE "enquiry_tallies" (
	"month" text NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "enquiry_tallies_month_type_outcome_pk" PRIMARY KEY("month","type","outcome")
);
--> statement-breakpoint
CREATE TABLE "enquiry_timeline" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enquiry_timeline_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enquiry_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_stage" text,
	"to_stage" text,
	"text" text,
	"mailed" boolean,
	"visit_at" timestamp with time zone,
	"actor_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiry_timeline_kind_check" CHECK ("enquiry_timeline"."kind" in ('submitted', 'stage', 'note', 'reply', 'visit'))
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "visit_at" timestamp with time zone;--> statement-breakpoint
-- Admissions already in the inbox join the pipeline: a handled one has been contacted.
UPDATE "enquiries" SET "stage" = CASE WHEN "status" = 'handled' THEN 'contacted' ELSE 'new' END,
  "stage_changed_at" = coalesce("handled_at", "created_at") WHERE "type" = 'admission';--> statement-breakpoint
UPDATE "enquiries" SET "stage_changed_at" = coalesce("handled_at", "created_at") WHERE "type" = 'contact';--> statement-breakpoint
ALTER TABLE "enquiry_timeline" ADD CONSTRAINT "enquiry_timeline_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_timeline" ADD CONSTRAINT "enquiry_timeline_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_timeline_enquiry_idx" ON "enquiry_timeline" USING btree ("enquiry_id","created_at","id");--> statement-breakpoint
CREATE INDEX "enquiries_stage_idx" ON "enquiries" USING btree ("stage","stage_changed_at");--> statement-breakpoint
CREATE INDEX "enquiries_admission_search_idx" ON "enquiries" USING gin (to_tsvector('simple', "name" || ' ' || coalesce("details" ->> 'fatherName', '')));--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_stage_check" CHECK ("enquiries"."stage" in ('new', 'contacted', 'visit_booked', 'offered', 'enrolled', 'waitlisted', 'declined'));--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_stage_for_admissions" CHECK (("enquiries"."type" = 'admission') = ("enquiries"."stage" is not null));--> statement-breakpoint
-- An admission stored without a stage (older code, imports, restores) starts in New.
CREATE OR REPLACE FUNCTION enquiries_default_stage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type = 'admission' AND NEW.stage IS NULL THEN NEW.stage := 'new'; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS enquiries_default_stage ON "enquiries";--> statement-breakpoint
CREATE TRIGGER enquiries_default_stage BEFORE INSERT ON "enquiries" FOR EACH ROW EXECUTE FUNCTION enquiries_default_stage();
