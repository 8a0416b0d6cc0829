CREATE TABLE "ci_pipeline_schedule_variables" (
	"id" serial PRIMARY KEY NOT NULL,
	"pipeline_schedule_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"variable_type" text DEFAULT 'env_var' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ci_pipeline_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"owner_id" integer,
	"description" text NOT NULL,
	"ref" text NOT NULL,
	"cron" text NOT NULL,
	"cron_timezone" text NOT NULL,
	"next_run_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ci_triggers" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"owner_id" integer,
	"description" text,
	"token_digest" text NOT NULL,
	"short_token" text NOT NULL,
	"last_used" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ci_pipelines" ADD COLUMN "pipeline_schedule_id" integer;--> statement-breakpoint
ALTER TABLE "ci_pipeline_schedule_variables" ADD CONSTRAINT "ci_pipeline_schedule_variables_pipeline_schedule_id_ci_pipeline_schedules_id_fk" FOREIGN KEY ("pipeline_schedule_id") REFERENCES "public"."ci_pipeline_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_pipeline_schedules" ADD CONSTRAINT "ci_pipeline_schedules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_pipeline_schedules" ADD CONSTRAINT "ci_pipeline_schedules_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_triggers" ADD CONSTRAINT "ci_triggers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_triggers" ADD CONSTRAINT "ci_triggers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ci_pipeline_schedule_variables_key" ON "ci_pipeline_schedule_variables" USING btree ("pipeline_schedule_id","key");--> statement-breakpoint
CREATE INDEX "ci_pipeline_schedules_project" ON "ci_pipeline_schedules" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "ci_pipeline_schedules_due" ON "ci_pipeline_schedules" USING btree ("next_run_at") WHERE "ci_pipeline_schedules"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "ci_triggers_token_digest" ON "ci_triggers" USING btree ("token_digest");--> statement-breakpoint
CREATE INDEX "ci_triggers_project" ON "ci_triggers" USING btree ("project_id","id");--> statement-breakpoint
ALTER TABLE "ci_pipelines" ADD CONSTRAINT "ci_pipelines_pipeline_schedule_id_ci_pipeline_schedules_id_fk" FOREIGN KEY ("pipeline_schedule_id") REFERENCES "public"."ci_pipeline_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ci_pipelines_schedule" ON "ci_pipelines" USING btree ("pipeline_schedule_id","id");