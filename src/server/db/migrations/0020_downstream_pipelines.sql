CREATE TABLE "ci_job_token_project_scope_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_project_id" integer NOT NULL,
	"target_project_id" integer NOT NULL,
	"added_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ci_job_token_scope_settings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"inbound_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ci_builds" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ci_pipelines" ADD COLUMN "source_job_id" integer;--> statement-breakpoint
ALTER TABLE "ci_job_token_project_scope_links" ADD CONSTRAINT "ci_job_token_project_scope_links_source_project_id_projects_id_fk" FOREIGN KEY ("source_project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_job_token_project_scope_links" ADD CONSTRAINT "ci_job_token_project_scope_links_target_project_id_projects_id_fk" FOREIGN KEY ("target_project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_job_token_project_scope_links" ADD CONSTRAINT "ci_job_token_project_scope_links_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_job_token_scope_settings" ADD CONSTRAINT "ci_job_token_scope_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ci_job_token_project_scope_links_pair" ON "ci_job_token_project_scope_links" USING btree ("target_project_id","source_project_id");--> statement-breakpoint
ALTER TABLE "ci_pipelines" ADD CONSTRAINT "ci_pipelines_source_job_id_ci_builds_id_fk" FOREIGN KEY ("source_job_id") REFERENCES "public"."ci_builds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ci_pipelines_source_job" ON "ci_pipelines" USING btree ("source_job_id") WHERE "ci_pipelines"."source_job_id" is not null;