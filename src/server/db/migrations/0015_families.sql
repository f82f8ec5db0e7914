CREATE TABLE "child_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "child_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"child_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by_kind" text NOT NULL,
	"recorded_by" integer,
	"source" text,
	CONSTRAINT "child_consents_purpose_check" CHECK ("child_consents"."purpose" in ('website', 'families', 'none')),
	CONSTRAINT "child_consents_recorder_check" CHECK ("child_consents"."recorded_by_kind" in ('parent', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "children" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "children_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"family_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"birth_date" date NOT NULL,
	"branch" text,
	"programme" text NOT NULL,
	"start_date" date,
	"leaving_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "families" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "families_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"notes" text,
	"enquiry_id" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "family_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"family_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"relation" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_contacts_reachable" CHECK ("family_contacts"."email" is not null or "family_contacts"."phone" is not null)
);
--> statement-breakpoint
ALTER TABLE "role_permissions" DROP CONSTRAINT "role_permissions_module_check";--> statement-breakpoint
ALTER TABLE "user_permissions" DROP CONSTRAINT "user_permissions_module_check";--> statement-breakpoint
ALTER TABLE "child_consents" ADD CONSTRAINT "child_consents_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_contacts" ADD CONSTRAINT "family_contacts_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "child_consents_child_idx" ON "child_consents" USING btree ("child_id","purpose","recorded_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "children_family_idx" ON "children" USING btree ("family_id","id");--> statement-breakpoint
CREATE INDEX "children_name_idx" ON "children" USING btree (lower("first_name" || ' ' || "last_name"));--> statement-breakpoint
CREATE INDEX "children_programme_idx" ON "children" USING btree ("programme");--> statement-breakpoint
CREATE INDEX "children_group_idx" ON "children" USING btree ("branch","programme");--> statement-breakpoint
CREATE UNIQUE INDEX "families_enquiry_key" ON "families" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "families_name_idx" ON "families" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "family_contacts_family_idx" ON "family_contacts" USING btree ("family_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "family_contacts_email_key" ON "family_contacts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "family_contacts_name_idx" ON "family_contacts" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_module_check" CHECK ("role_permissions"."module" in ('gallery', 'events', 'blog', 'website', 'families', 'leads', 'extractor', 'followups', 'qualification', 'customers', 'deals', 'quotes', 'catalog', 'invoices', 'payments', 'reports', 'aiInsights', 'aiAssistant', 'users', 'settings'));--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_module_check" CHECK ("user_permissions"."module" in ('gallery', 'events', 'blog', 'website', 'families', 'leads', 'extractor', 'followups', 'qualification', 'customers', 'deals', 'quotes', 'catalog', 'invoices', 'payments', 'reports', 'aiInsights', 'aiAssistant', 'users', 'settings'));--> statement-breakpoint
-- Issue 32: families, their children and the children's photo consents, under a module of their
-- own, `families`. The built-in roles gain it as ROLE_PRESETS says (src/shared/permissions.ts):
-- Administrator every action, Manager read and write (not delete), User none. Custom roles get it
-- off: an administrator switches it on where wanted.
INSERT INTO "role_permissions" ("role_id", "module", "can_read", "can_write", "can_delete")
SELECT "r"."id", 'families', "r"."keeps", "r"."keeps", "r"."is_system" AND "r"."name" = 'admin'
FROM (SELECT "id", "name", "is_system", "is_system" AND "name" IN ('admin', 'manager') AS "keeps" FROM "roles") AS "r"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Staff with entries of their own get it as their role now has it when their entries are exactly
-- the role's set (they follow it: a Manager gains it), and off otherwise.
INSERT INTO "user_permissions" ("user_id", "module", "enabled", "can_read", "can_write", "can_delete")
SELECT "u"."id", 'families', "f"."r" OR "f"."w" OR "f"."d", "f"."r", "f"."w", "f"."d"
FROM "users" AS "u"
CROSS JOIN LATERAL (
  SELECT "follows" AND coalesce("rf"."can_read", false) AS "r", "follows" AND coalesce("rf"."can_write", false) AS "w",
         "follows" AND coalesce("rf"."can_delete", false) AS "d"
  FROM (SELECT NOT EXISTS (
    SELECT 1
    FROM (VALUES ('gallery'), ('events'), ('blog'), ('website'), ('leads'), ('extractor'), ('followups'), ('qualification'), ('customers'), ('deals'), ('quotes'), ('catalog'), ('invoices'), ('payments'), ('reports'), ('aiInsights'), ('aiAssistant'), ('users'), ('settings')) AS "m"("module")
    LEFT JOIN "user_permissions" AS "p" ON "p"."user_id" = "u"."id" AND "p"."module" = "m"."module"
    LEFT JOIN "role_permissions" AS "rp" ON "rp"."role_id" = "u"."role_id" AND "rp"."module" = "m"."module"
    WHERE (coalesce("p"."enabled" AND "p"."can_read", false), coalesce("p"."enabled" AND "p"."can_write", false),
           coalesce("p"."enabled" AND "p"."can_delete", false))
      IS DISTINCT FROM (coalesce("rp"."can_read", false), coalesce("rp"."can_write", false), coalesce("rp"."can_delete", false))
  ) AS "follows") AS "one"
  LEFT JOIN "role_permissions" AS "rf" ON "rf"."role_id" = "u"."role_id" AND "rf"."module" = 'families'
) AS "f"
WHERE EXISTS (SELECT 1 FROM "user_permissions" AS "own" WHERE "own"."user_id" = "u"."id")
ON CONFLICT DO NOTHING;
