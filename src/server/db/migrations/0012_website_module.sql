ALTER TABLE "role_permissions" DROP CONSTRAINT "role_permissions_module_check";--> statement-breakpoint
ALTER TABLE "user_permissions" DROP CONSTRAINT "user_permissions_module_check";--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_module_check" CHECK ("role_permissions"."module" in ('gallery', 'events', 'blog', 'website', 'leads', 'extractor', 'followups', 'qualification', 'customers', 'deals', 'quotes', 'catalog', 'invoices', 'payments', 'reports', 'aiInsights', 'aiAssistant', 'users', 'settings'));--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_module_check" CHECK ("user_permissions"."module" in ('gallery', 'events', 'blog', 'website', 'leads', 'extractor', 'followups', 'qualification', 'customers', 'deals', 'quotes', 'catalog', 'invoices', 'payments', 'reports', 'aiInsights', 'aiAssistant', 'users', 'settings'));--> statement-breakpoint
-- Issue 30: the public pages' words become editable under a module of their own, `website`. The
-- built-in roles gain it as ROLE_PRESETS says (src/shared/permissions.ts): Administrator and Manager
-- every action, User none (a teacher does not change the public site). Custom roles get it off: an
-- administrator switches it on where wanted.
INSERT INTO "role_permissions" ("role_id", "module", "can_read", "can_write", "can_delete")
SELECT "r"."id", 'website', "on", "on", "on"
FROM (SELECT "id", "is_system" AND "name" IN ('admin', 'manager') AS "on" FROM "roles") AS "r"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Staff with entries of their own (a role given in the back office copies the role's set) get it as
-- their role has it when their entries are exactly the role's (they follow it: a Manager gains it),
-- and off otherwise.
INSERT INTO "user_permissions" ("user_id", "module", "enabled", "can_read", "can_write", "can_delete")
SELECT "u"."id", 'website', "f"."on", "f"."on", "f"."on", "f"."on"
FROM "users" AS "u"
CROSS JOIN LATERAL (
  SELECT coalesce("rw"."can_read" AND "rw"."can_write" AND "rw"."can_delete", false) AND NOT EXISTS (
    SELECT 1
    FROM (VALUES ('gallery'), ('events'), ('blog'), ('leads'), ('extractor'), ('followups'), ('qualification'), ('customers'), ('deals'), ('quotes'), ('catalog'), ('invoices'), ('payments'), ('reports'), ('aiInsights'), ('aiAssistant'), ('users'), ('settings')) AS "m"("module")
    LEFT JOIN "user_permissions" AS "p" ON "p"."user_id" = "u"."id" AND "p"."module" = "m"."module"
    LEFT JOIN "role_permissions" AS "rp" ON "rp"."role_id" = "u"."role_id" AND "rp"."module" = "m"."module"
    WHERE (coalesce("p"."enabled" AND "p"."can_read", false), coalesce("p"."enabled" AND "p"."can_write", false),
           coalesce("p"."enabled" AND "p"."can_delete", false))
      IS DISTINCT FROM (coalesce("rp"."can_read", false), coalesce("rp"."can_write", false), coalesce("rp"."can_delete", false))
  ) AS "on"
  FROM (SELECT 1) AS "one"
  LEFT JOIN "role_permissions" AS "rw" ON "rw"."role_id" = "u"."role_id" AND "rw"."module" = 'website'
) AS "f"
WHERE EXISTS (SELECT 1 FROM "user_permissions" AS "own" WHERE "own"."user_id" = "u"."id")
ON CONFLICT DO NOTHING;
