CREATE TABLE "mailing_recipients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailing_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mailing_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"subscriber_id" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"claimed_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mailing_recipients_state_check" CHECK ("mailing_recipients"."state" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"operational" boolean DEFAULT false NOT NULL,
	"audience_label" text NOT NULL,
	"site_origin" text NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mailings_kind_check" CHECK ("mailings"."kind" in ('notice', 'post', 'digest')),
	CONSTRAINT "mailings_state_check" CHECK ("mailings"."state" in ('sending', 'done', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "newsletter_subscribers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"branch" text,
	"topics" text[] NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"source" text NOT NULL,
	"consent_at" timestamp with time zone,
	"consent_source" text,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_state_check" CHECK ("newsletter_subscribers"."state" in ('pending', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"body" text NOT NULL,
	"urgency" text DEFAULT 'information' NOT NULL,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"audience_branch" text,
	"audience_programme" text,
	"published" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_urgency_check" CHECK ("notices"."urgency" in ('information', 'closure')),
	CONSTRAINT "notices_audience_check" CHECK ("notices"."audience" in ('everyone', 'families', 'branch', 'programme')),
	CONSTRAINT "notices_ends_after_start" CHECK ("notices"."ends_at" > "notices"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "role_permissions" DROP CONSTRAINT "role_permissions_module_check";--> statement-breakpoint
ALTER TABLE "user_permissions" DROP CONSTRAINT "user_permissions_module_check";--> statement-breakpoint
ALTER TABLE "mailing_recipients" ADD CONSTRAINT "mailing_recipients_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_recipients" ADD CONSTRAINT "mailing_recipients_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_recipients_address_key" ON "mailing_recipients" USING btree ("mailing_id",lower("email"));--> statement-breakpoint
CREATE INDEX "mailing_recipients_due_idx" ON "mailing_recipients" USING btree ("next_attempt_at","id") WHERE "mailing_recipients"."state" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "mailing_recipients_mailing_idx" ON "mailing_recipients" USING btree ("mailing_id","state");--> statement-breakpoint
CREATE INDEX "mailing_recipients_subscriber_idx" ON "mailing_recipients" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailings_source_key" ON "mailings" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "mailings_created_idx" ON "mailings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_key" ON "newsletter_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_state_idx" ON "newsletter_subscribers" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "notices_live_idx" ON "notices" USING btree ("published","ends_at");--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_module_check" CHECK ("role_permissions"."module" in ('gallery', 'events', 'blog', 'website', 'families', 'notices', 'leads', 'extractor', 'followups', 'qualification', 'customers', 'deals', 'quotes', 'catalog', 'invoices', 'payments', 'reports', 'aiInsights', 'aiAssistant', 'users', 'settings'));--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_module_check" CHECK ("user_permissions"."module" in ('gallery', 'events', 'blog', 'website', 'families', 'notices', 'leads', 'extractor', 'followups', 'qualification', 'customers', 'deals', 'quotes', 'catalog', 'invoices', 'payments', 'reports', 'aiInsights', 'aiAssistant', 'users', 'settings'));--> statement-breakpoint
-- Issue 33: notices, closure alerts, the newsletter and its mailings, under a module of their own,
-- `notices`. The built-in roles gain it as ROLE_PRESETS says (src/shared/permissions.ts):
-- Administrator and Manager every action, User none. Custom roles get it off: an administrator
-- switches it on where wanted.
INSERT INTO "role_permissions" ("role_id", "module", "can_read", "can_write", "can_delete")
SELECT "r"."id", 'notices', "r"."keeps", "r"."keeps", "r"."keeps"
FROM (SELECT "id", "is_system" AND "name" IN ('admin', 'manager') AS "keeps" FROM "roles") AS "r"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Staff with entries of their own get it as their role now has it when their entries are exactly
-- the role's set (they follow it: a Manager gains it), and off otherwise.
INSERT INTO "user_permissions" ("user_id", "module", "enabled", "can_read", "can_write", "can_delete")
SELECT "u"."id", 'notices', "f"."r" OR "f"."w" OR "f"."d", "f"."r", "f"."w", "f"."d"
FROM "users" AS "u"
CROSS JOIN LATERAL (
  SELECT "follows" AND coalesce("rf"."can_read", false) AS "r", "follows" AND coalesce("rf"."can_write", false) AS "w",
         "follows" AND coalesce("rf"."can_delete", false) AS "d"
  FROM (SELECT NOT EXISTS (
    SELECT 1
    FROM (VALUES ('gallery'), ('events'), ('blog'), ('website'), ('families'), ('leads'), ('extractor'), ('followups'), ('qualification'), ('customers'), ('deals'), ('quotes'), ('catalog'), ('invoices'), ('payments'), ('reports'), ('aiInsights'), ('aiAssistant'), ('users'), ('settings')) AS "m"("module")
    LEFT JOIN "user_permissions" AS "p" ON "p"."user_id" = "u"."id" AND "p"."module" = "m"."module"
    LEFT JOIN "role_permissions" AS "rp" ON "rp"."role_id" = "u"."role_id" AND "rp"."module" = "m"."module"
    WHERE (coalesce("p"."enabled" AND "p"."can_read", false), coalesce("p"."enabled" AND "p"."can_write", false),
           coalesce("p"."enabled" AND "p"."can_delete", false))
      IS DISTINCT FROM (coalesce("rp"."can_read", false), coalesce("rp"."can_write", false), coalesce("rp"."can_delete", false))
  ) AS "follows") AS "one"
  LEFT JOIN "role_permissions" AS "rf" ON "rf"."role_id" = "u"."role_id" AND "rf"."module" = 'notices'
) AS "f"
WHERE EXISTS (SELECT 1 FROM "user_permissions" AS "own" WHERE "own"."user_id" = "u"."id")
ON CONFLICT DO NOTHING;
