ALTER TABLE "projects" ADD COLUMN "build_timeout" integer DEFAULT 3600 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "ci_config_path" text;