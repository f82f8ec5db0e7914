-- Issue 29: the built-in roles "Manager" and "User" had every switch on (so a teacher with "User"
-- could download backups and every password hash). They become the fixed sets of ROLE_PRESETS
-- (src/shared/permissions.ts). Administrators are told once, on the Users screen, who this changed:
-- the staff with one of these roles and no entries of their own, or with the old full set as their
-- own entries (copied from the role when it was given), which are removed so that they follow the
-- role. A school that installs later has no system roles yet: nothing is changed or noted.
INSERT INTO "settings" ("key", "value")
SELECT 'built_in_roles_notice', jsonb_build_object(
  'changedAt', now(),
  'affected', coalesce(
    jsonb_agg(
      jsonb_build_object('id', "u"."id", 'username', "u"."username", 'firstName', "u"."first_name",
        'lastName', "u"."last_name", 'role', "r"."name")
      ORDER BY "u"."id"
    ) FILTER (WHERE "u"."id" IS NOT NULL),
    '[]'::jsonb
  )
)
FROM "roles" AS "r"
LEFT JOIN "users" AS "u" ON "u"."role_id" = "r"."id" AND (
  NOT EXISTS (SELECT 1 FROM "user_permissions" AS "p" WHERE "p"."user_id" = "u"."id")
  OR (SELECT count(*) FILTER (WHERE "p"."enabled" AND "p"."can_read" AND "p"."can_write" AND "p"."can_delete")
      FROM "user_permissions" AS "p" WHERE "p"."user_id" = "u"."id") = 18
)
WHERE "r"."is_system" AND "r"."name" IN ('manager', 'user')
HAVING count("r"."id") > 0
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
DELETE FROM "user_permissions"
WHERE "user_id" IN (
  SELECT "u"."id" FROM "users" AS "u" JOIN "roles" AS "r" ON "r"."id" = "u"."role_id"
  WHERE "r"."is_system" AND "r"."name" IN ('manager', 'user')
    AND (SELECT count(*) FILTER (WHERE "p"."enabled" AND "p"."can_read" AND "p"."can_write" AND "p"."can_delete")
         FROM "user_permissions" AS "p" WHERE "p"."user_id" = "u"."id") = 18
);--> statement-breakpoint
DELETE FROM "role_permissions"
WHERE "role_id" IN (SELECT "id" FROM "roles" WHERE "is_system" AND "name" IN ('manager', 'user'));--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "module", "can_read", "can_write", "can_delete")
SELECT "ro"."id", "m"."module", coalesce("s"."r", false), coalesce("s"."w", false), coalesce("s"."d", false)
FROM "roles" AS "ro"
CROSS JOIN (VALUES ('gallery'), ('events'), ('blog'), ('leads'), ('extractor'), ('followups'), ('qualification'), ('customers'), ('deals'), ('quotes'), ('catalog'), ('invoices'), ('payments'), ('reports'), ('aiInsights'), ('aiAssistant'), ('users'), ('settings')) AS "m"("module")
LEFT JOIN (VALUES
    ('manager', 'gallery', true, true, true),
    ('manager', 'events', true, true, true),
    ('manager', 'blog', true, true, true),
    ('manager', 'leads', true, true, true),
    ('manager', 'settings', true, false, false),
    ('user', 'gallery', true, true, false),
    ('user', 'events', true, true, false),
    ('user', 'blog', true, true, false)
  ) AS "s"("role", "module", "r", "w", "d") ON "s"."role" = "ro"."name" AND "s"."module" = "m"."module"
WHERE "ro"."is_system" AND "ro"."name" IN ('manager', 'user');
