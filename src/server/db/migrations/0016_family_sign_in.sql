CREATE TABLE "family_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "family_sign_in_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "family_sign_in_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "family_sessions" ADD CONSTRAINT "family_sessions_contact_id_family_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."family_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_sign_in_links" ADD CONSTRAINT "family_sign_in_links_contact_id_family_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."family_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_sessions_contact_idx" ON "family_sessions" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "family_sessions_expires_idx" ON "family_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "family_sign_in_links_token_key" ON "family_sign_in_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "family_sign_in_links_contact_idx" ON "family_sign_in_links" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "family_sign_in_links_expires_idx" ON "family_sign_in_links" USING btree ("expires_at");