CREATE TABLE "status_check_protected_branches" (
	"external_status_check_id" integer NOT NULL,
	"protected_branch_id" integer NOT NULL,
	CONSTRAINT "status_check_protected_branches_external_status_check_id_protected_branch_id_pk" PRIMARY KEY("external_status_check_id","protected_branch_id")
);
--> statement-breakpoint
CREATE TABLE "external_status_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"external_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_metric_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"url" text,
	"url_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merge_request_assignees" (
	"merge_request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "merge_request_assignees_merge_request_id_user_id_pk" PRIMARY KEY("merge_request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "merge_request_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"blocking_merge_request_id" integer NOT NULL,
	"blocked_merge_request_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merge_train_cars" (
	"id" serial PRIMARY KEY NOT NULL,
	"merge_request_id" integer NOT NULL,
	"target_project_id" integer NOT NULL,
	"target_branch" text NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'idle' NOT NULL,
	"merged_result_sha" text,
	"merged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_check_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"merge_request_id" integer NOT NULL,
	"external_status_check_id" integer NOT NULL,
	"sha" text NOT NULL,
	"status" text NOT NULL,
	"retried_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "merge_request_title_regex" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "merge_request_title_regex_description" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "merge_trains_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "merge_trains_skip_train_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "status_check_protected_branches" ADD CONSTRAINT "status_check_protected_branches_external_status_check_id_external_status_checks_id_fk" FOREIGN KEY ("external_status_check_id") REFERENCES "public"."external_status_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_check_protected_branches" ADD CONSTRAINT "status_check_protected_branches_protected_branch_id_protected_branches_id_fk" FOREIGN KEY ("protected_branch_id") REFERENCES "public"."protected_branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_status_checks" ADD CONSTRAINT "external_status_checks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_metric_images" ADD CONSTRAINT "issue_metric_images_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_metric_images" ADD CONSTRAINT "issue_metric_images_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_request_assignees" ADD CONSTRAINT "merge_request_assignees_merge_request_id_merge_requests_id_fk" FOREIGN KEY ("merge_request_id") REFERENCES "public"."merge_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_request_assignees" ADD CONSTRAINT "merge_request_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_request_blocks" ADD CONSTRAINT "merge_request_blocks_blocking_merge_request_id_merge_requests_id_fk" FOREIGN KEY ("blocking_merge_request_id") REFERENCES "public"."merge_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_request_blocks" ADD CONSTRAINT "merge_request_blocks_blocked_merge_request_id_merge_requests_id_fk" FOREIGN KEY ("blocked_merge_request_id") REFERENCES "public"."merge_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_train_cars" ADD CONSTRAINT "merge_train_cars_merge_request_id_merge_requests_id_fk" FOREIGN KEY ("merge_request_id") REFERENCES "public"."merge_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_train_cars" ADD CONSTRAINT "merge_train_cars_target_project_id_projects_id_fk" FOREIGN KEY ("target_project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_train_cars" ADD CONSTRAINT "merge_train_cars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_check_responses" ADD CONSTRAINT "status_check_responses_merge_request_id_merge_requests_id_fk" FOREIGN KEY ("merge_request_id") REFERENCES "public"."merge_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_check_responses" ADD CONSTRAINT "status_check_responses_external_status_check_id_external_status_checks_id_fk" FOREIGN KEY ("external_status_check_id") REFERENCES "public"."external_status_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_status_checks_project_name" ON "external_status_checks" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "issue_metric_images_issue" ON "issue_metric_images" USING btree ("issue_id","id");--> statement-breakpoint
CREATE INDEX "merge_request_assignees_user" ON "merge_request_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merge_request_blocks_pair" ON "merge_request_blocks" USING btree ("blocking_merge_request_id","blocked_merge_request_id");--> statement-breakpoint
CREATE INDEX "merge_request_blocks_blocked" ON "merge_request_blocks" USING btree ("blocked_merge_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merge_train_cars_one_active_per_request" ON "merge_train_cars" USING btree ("merge_request_id") WHERE "merge_train_cars"."status" in ('idle', 'stale', 'fresh', 'merging');--> statement-breakpoint
CREATE INDEX "merge_train_cars_train" ON "merge_train_cars" USING btree ("target_project_id","target_branch","status","id");--> statement-breakpoint
CREATE INDEX "status_check_responses_request" ON "status_check_responses" USING btree ("merge_request_id","external_status_check_id","id");