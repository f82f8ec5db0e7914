ALTER TABLE "role_permissions" DROP CONSTRAINT "role_permissions_module_check";--> statement-breakpoint
ALTER TABLE "user_permissions" DROP CONSTRAINT "user_permissions_module_check";--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_module_check" CHECK ("role_permissions"."module" in ('gallery', 'events', 'blog', 'leads', 'extractor', 'followups', 'qualification', 'customers', 'deals', 'quotes', 'catalog', 'invoices', 'payments', 'reports', 'aiInsights', 'aiAssistant', 'users', 'settings'));--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_module_check" CHECK ("user_permissions"."module" in ('gallery', 'events', 'blog', 'leads', 'extractor', 'followups', 'qualification', 'customers', 'deals', 'quotes', 'catalog', 'invoices', 'payments', 'reports', 'aiInsights', 'aiAssistant', 'users', 'settings'));--> statement-breakpoint
-- Until now every signed-in user could write events, galleries and posts. Existing roles (system and
-- custom) and users with their own entries keep that: the three site modules, every action.
INSERT INTO "role_permissions" ("role_id", "module", "can_read", "can_write", "can_delete")
SELECT "roles"."id", "m"."module", true, true, true
FROM "roles" CROSS JOIN (VALUES ('gallery'), ('events'), ('blog')) AS "m"("module")
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "user_permissions" ("user_id", "module", "enabled", "can_read", "can_write", "can_delete")
SELECT DISTINCT "user_permissions"."user_id", "m"."module", true, true, true, true
FROM "user_permissions" CROSS JOIN (VALUES ('gallery'), ('events'), ('blog')) AS "m"("module")
ON CONFLICT DO NOTHING;
