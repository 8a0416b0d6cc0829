CREATE TABLE "group_approval_settings" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"prevent_approval_by_author" boolean DEFAULT false NOT NULL,
	"prevent_approval_by_commit_author" boolean DEFAULT false NOT NULL,
	"disable_overriding_approvers_per_merge_request" boolean DEFAULT false NOT NULL,
	"require_password_to_approve" boolean DEFAULT false NOT NULL,
	"remove_approvals_with_new_commit" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_approval_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"prevent_approval_by_author" boolean DEFAULT false NOT NULL,
	"prevent_approval_by_commit_author" boolean DEFAULT false NOT NULL,
	"disable_overriding_approvers_per_merge_request" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_approval_settings_one_row" CHECK ("instance_approval_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "group_approval_settings" ADD CONSTRAINT "group_approval_settings_group_id_namespaces_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;