CREATE TABLE "ci_resource_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"key" text NOT NULL,
	"process_mode" text DEFAULT 'unordered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ci_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_group_id" integer NOT NULL,
	"build_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ci_builds" ADD COLUMN "resource_group_id" integer;--> statement-breakpoint
ALTER TABLE "ci_resource_groups" ADD CONSTRAINT "ci_resource_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_resources" ADD CONSTRAINT "ci_resources_resource_group_id_ci_resource_groups_id_fk" FOREIGN KEY ("resource_group_id") REFERENCES "public"."ci_resource_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_resources" ADD CONSTRAINT "ci_resources_build_id_ci_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."ci_builds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ci_resource_groups_project_key" ON "ci_resource_groups" USING btree ("project_id","key");--> statement-breakpoint
CREATE INDEX "ci_resources_group" ON "ci_resources" USING btree ("resource_group_id");--> statement-breakpoint
CREATE INDEX "ci_resources_build" ON "ci_resources" USING btree ("build_id");--> statement-breakpoint
ALTER TABLE "ci_builds" ADD CONSTRAINT "ci_builds_resource_group_id_ci_resource_groups_id_fk" FOREIGN KEY ("resource_group_id") REFERENCES "public"."ci_resource_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ci_builds_resource_group" ON "ci_builds" USING btree ("resource_group_id","id") WHERE "ci_builds"."resource_group_id" is not null;