CREATE TABLE "ci_test_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"suite_id" integer NOT NULL,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"classname" text NOT NULL,
	"file" text,
	"execution_time" double precision DEFAULT 0 NOT NULL,
	"system_output" text,
	"stack_trace" text,
	"attachment" text
);
--> statement-breakpoint
CREATE TABLE "ci_test_suites" (
	"id" serial PRIMARY KEY NOT NULL,
	"build_id" integer NOT NULL,
	"pipeline_id" integer NOT NULL,
	"name" text NOT NULL,
	"total_time" double precision DEFAULT 0 NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ci_test_cases" ADD CONSTRAINT "ci_test_cases_suite_id_ci_test_suites_id_fk" FOREIGN KEY ("suite_id") REFERENCES "public"."ci_test_suites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_test_suites" ADD CONSTRAINT "ci_test_suites_build_id_ci_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."ci_builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_test_suites" ADD CONSTRAINT "ci_test_suites_pipeline_id_ci_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."ci_pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ci_test_cases_suite_position" ON "ci_test_cases" USING btree ("suite_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "ci_test_suites_build" ON "ci_test_suites" USING btree ("build_id");--> statement-breakpoint
CREATE INDEX "ci_test_suites_pipeline" ON "ci_test_suites" USING btree ("pipeline_id");