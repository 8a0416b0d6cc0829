CREATE TABLE "ci_build_trace_chunks" (
	"build_id" integer NOT NULL,
	"offset" bigint NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "ci_build_trace_chunks_build_id_offset_pk" PRIMARY KEY("build_id","offset")
);
--> statement-breakpoint
CREATE TABLE "ci_builds" (
	"id" serial PRIMARY KEY NOT NULL,
	"pipeline_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"stage" text NOT NULL,
	"stage_idx" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"when" text DEFAULT 'on_success' NOT NULL,
	"allow_failure" boolean DEFAULT false NOT NULL,
	"needs" jsonb,
	"scheduling_type" text DEFAULT 'stage' NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tag_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"ref" text NOT NULL,
	"tag" boolean DEFAULT false NOT NULL,
	"protected" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"runner_id" integer,
	"token_digest" text,
	"failure_reason" text,
	"exit_code" integer,
	"retried" boolean DEFAULT false NOT NULL,
	"coverage" text,
	"trace_bytes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ci_pipelines" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"iid" integer NOT NULL,
	"sha" text NOT NULL,
	"before_sha" text,
	"ref" text NOT NULL,
	"tag" boolean DEFAULT false NOT NULL,
	"protected" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"name" text,
	"yaml_errors" text,
	"failure_reason" text,
	"user_id" integer,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"committed_at" timestamp with time zone,
	"duration" integer,
	"coverage" text
);
--> statement-breakpoint
CREATE TABLE "ci_registration_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer,
	"token_digest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ci_runner_projects" (
	"runner_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ci_runner_projects_runner_id_project_id_pk" PRIMARY KEY("runner_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "ci_runners" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_digest" text NOT NULL,
	"runner_type" text NOT NULL,
	"group_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"maintenance_note" text DEFAULT '' NOT NULL,
	"tag_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"run_untagged" boolean DEFAULT true NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"access_level" text DEFAULT 'not_protected' NOT NULL,
	"maximum_timeout" integer,
	"registration_type" text DEFAULT 'authenticated_user' NOT NULL,
	"creator_id" integer,
	"contacted_at" timestamp with time zone,
	"name" text,
	"version" text,
	"revision" text,
	"platform" text,
	"architecture" text,
	"executor" text,
	"ip_address" text,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ci_build_trace_chunks" ADD CONSTRAINT "ci_build_trace_chunks_build_id_ci_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."ci_builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_builds" ADD CONSTRAINT "ci_builds_pipeline_id_ci_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."ci_pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_builds" ADD CONSTRAINT "ci_builds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_builds" ADD CONSTRAINT "ci_builds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_builds" ADD CONSTRAINT "ci_builds_runner_id_ci_runners_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."ci_runners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_pipelines" ADD CONSTRAINT "ci_pipelines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_pipelines" ADD CONSTRAINT "ci_pipelines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_registration_tokens" ADD CONSTRAINT "ci_registration_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_runner_projects" ADD CONSTRAINT "ci_runner_projects_runner_id_ci_runners_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."ci_runners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_runner_projects" ADD CONSTRAINT "ci_runner_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_runners" ADD CONSTRAINT "ci_runners_group_id_namespaces_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_runners" ADD CONSTRAINT "ci_runners_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ci_builds_pipeline" ON "ci_builds" USING btree ("pipeline_id","id");--> statement-breakpoint
CREATE INDEX "ci_builds_project" ON "ci_builds" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "ci_builds_pending" ON "ci_builds" USING btree ("id") WHERE "ci_builds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ci_builds_running" ON "ci_builds" USING btree ("updated_at") WHERE "ci_builds"."status" in ('running', 'canceling');--> statement-breakpoint
CREATE UNIQUE INDEX "ci_builds_token_digest" ON "ci_builds" USING btree ("token_digest");--> statement-breakpoint
CREATE UNIQUE INDEX "ci_pipelines_project_iid" ON "ci_pipelines" USING btree ("project_id","iid");--> statement-breakpoint
CREATE INDEX "ci_pipelines_project_ref" ON "ci_pipelines" USING btree ("project_id","ref","id");--> statement-breakpoint
CREATE INDEX "ci_pipelines_project_sha" ON "ci_pipelines" USING btree ("project_id","sha");--> statement-breakpoint
CREATE INDEX "ci_pipelines_project_status" ON "ci_pipelines" USING btree ("project_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ci_registration_tokens_digest" ON "ci_registration_tokens" USING btree ("token_digest");--> statement-breakpoint
CREATE UNIQUE INDEX "ci_registration_tokens_scope" ON "ci_registration_tokens" USING btree (coalesce("project_id", 0));--> statement-breakpoint
CREATE INDEX "ci_runner_projects_project" ON "ci_runner_projects" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ci_runners_token_digest" ON "ci_runners" USING btree ("token_digest");--> statement-breakpoint
CREATE INDEX "ci_runners_group" ON "ci_runners" USING btree ("group_id");