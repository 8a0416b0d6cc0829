CREATE TABLE "approval_merge_request_rule_groups" (
	"rule_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "approval_merge_request_rule_groups_rule_id_group_id_pk" PRIMARY KEY("rule_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "approval_merge_request_rule_users" (
	"rule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "approval_merge_request_rule_users_rule_id_user_id_pk" PRIMARY KEY("rule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "approval_merge_request_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"approvals_required" integer DEFAULT 0 NOT NULL,
	"rule_type" text DEFAULT 'regular' NOT NULL,
	"report_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"merge_request_id" integer NOT NULL,
	"approval_project_rule_id" integer
);
--> statement-breakpoint
CREATE TABLE "approval_project_rule_groups" (
	"rule_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "approval_project_rule_groups_rule_id_group_id_pk" PRIMARY KEY("rule_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "approval_project_rule_protected_branches" (
	"rule_id" integer NOT NULL,
	"protected_branch_id" integer NOT NULL,
	CONSTRAINT "approval_project_rule_protected_branches_rule_id_protected_branch_id_pk" PRIMARY KEY("rule_id","protected_branch_id")
);
--> statement-breakpoint
CREATE TABLE "approval_project_rule_users" (
	"rule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "approval_project_rule_users_rule_id_user_id_pk" PRIMARY KEY("rule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "approval_project_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"approvals_required" integer DEFAULT 0 NOT NULL,
	"rule_type" text DEFAULT 'regular' NOT NULL,
	"report_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" integer NOT NULL,
	"applies_to_all_protected_branches" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merge_request_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"merge_request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sha" text NOT NULL,
	"patch_id_sha" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_approval_settings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"prevent_approval_by_author" boolean DEFAULT true NOT NULL,
	"prevent_approval_by_commit_author" boolean DEFAULT false NOT NULL,
	"disable_overriding_approvers_per_merge_request" boolean DEFAULT false NOT NULL,
	"require_password_to_approve" boolean DEFAULT false NOT NULL,
	"remove_approvals_with_new_commit" boolean DEFAULT true NOT NULL,
	"selective_code_owner_removals" boolean DEFAULT false NOT NULL,
	"approvals_before_merge" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_merge_request_rule_groups" ADD CONSTRAINT "approval_merge_request_rule_groups_rule_id_approval_merge_request_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."approval_merge_request_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_merge_request_rule_groups" ADD CONSTRAINT "approval_merge_request_rule_groups_group_id_namespaces_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_merge_request_rule_users" ADD CONSTRAINT "approval_merge_request_rule_users_rule_id_approval_merge_request_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."approval_merge_request_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_merge_request_rule_users" ADD CONSTRAINT "approval_merge_request_rule_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_merge_request_rules" ADD CONSTRAINT "approval_merge_request_rules_merge_request_id_merge_requests_id_fk" FOREIGN KEY ("merge_request_id") REFERENCES "public"."merge_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_merge_request_rules" ADD CONSTRAINT "approval_merge_request_rules_approval_project_rule_id_approval_project_rules_id_fk" FOREIGN KEY ("approval_project_rule_id") REFERENCES "public"."approval_project_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_project_rule_groups" ADD CONSTRAINT "approval_project_rule_groups_rule_id_approval_project_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."approval_project_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_project_rule_groups" ADD CONSTRAINT "approval_project_rule_groups_group_id_namespaces_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_project_rule_protected_branches" ADD CONSTRAINT "approval_project_rule_protected_branches_rule_id_approval_project_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."approval_project_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_project_rule_protected_branches" ADD CONSTRAINT "approval_project_rule_protected_branches_protected_branch_id_protected_branches_id_fk" FOREIGN KEY ("protected_branch_id") REFERENCES "public"."protected_branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_project_rule_users" ADD CONSTRAINT "approval_project_rule_users_rule_id_approval_project_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."approval_project_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_project_rule_users" ADD CONSTRAINT "approval_project_rule_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_project_rules" ADD CONSTRAINT "approval_project_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_request_approvals" ADD CONSTRAINT "merge_request_approvals_merge_request_id_merge_requests_id_fk" FOREIGN KEY ("merge_request_id") REFERENCES "public"."merge_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_request_approvals" ADD CONSTRAINT "merge_request_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_approval_settings" ADD CONSTRAINT "project_approval_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_merge_request_rules_name" ON "approval_merge_request_rules" USING btree ("merge_request_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_project_rules_name" ON "approval_project_rules" USING btree ("project_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "merge_request_approvals_user" ON "merge_request_approvals" USING btree ("merge_request_id","user_id");