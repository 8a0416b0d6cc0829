CREATE TABLE "ci_group_variables" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"variable_type" text DEFAULT 'env_var' NOT NULL,
	"protected" boolean DEFAULT false NOT NULL,
	"masked" boolean DEFAULT false NOT NULL,
	"raw" boolean DEFAULT false NOT NULL,
	"environment_scope" text DEFAULT '*' NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"group_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ci_job_artifacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"build_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"file_type" text DEFAULT 'archive' NOT NULL,
	"file_format" text DEFAULT 'zip' NOT NULL,
	"file_name" text NOT NULL,
	"path" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"expire_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ci_variables" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"variable_type" text DEFAULT 'env_var' NOT NULL,
	"protected" boolean DEFAULT false NOT NULL,
	"masked" boolean DEFAULT false NOT NULL,
	"raw" boolean DEFAULT false NOT NULL,
	"environment_scope" text DEFAULT '*' NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ci_builds" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ci_builds" ADD COLUMN "erased_by_id" integer;--> statement-breakpoint
ALTER TABLE "ci_group_variables" ADD CONSTRAINT "ci_group_variables_group_id_namespaces_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_job_artifacts" ADD CONSTRAINT "ci_job_artifacts_build_id_ci_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."ci_builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_job_artifacts" ADD CONSTRAINT "ci_job_artifacts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_variables" ADD CONSTRAINT "ci_variables_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ci_group_variables_group_key_scope" ON "ci_group_variables" USING btree ("group_id","key","environment_scope");--> statement-breakpoint
CREATE UNIQUE INDEX "ci_job_artifacts_build_type" ON "ci_job_artifacts" USING btree ("build_id","file_type");--> statement-breakpoint
CREATE INDEX "ci_job_artifacts_expire_at" ON "ci_job_artifacts" USING btree ("expire_at") WHERE "ci_job_artifacts"."expire_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ci_variables_project_key_scope" ON "ci_variables" USING btree ("project_id","key","environment_scope");--> statement-breakpoint
ALTER TABLE "ci_builds" ADD CONSTRAINT "ci_builds_erased_by_id_users_id_fk" FOREIGN KEY ("erased_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;