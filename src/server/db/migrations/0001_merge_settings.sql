ALTER TABLE "merge_requests" ADD COLUMN "squash" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merge_requests" ADD COLUMN "should_remove_source_branch" boolean;--> statement-breakpoint
ALTER TABLE "merge_requests" ADD COLUMN "merge_error" text;--> statement-breakpoint
ALTER TABLE "merge_requests" ADD COLUMN "merge_user_id" integer;--> statement-breakpoint
ALTER TABLE "merge_requests" ADD COLUMN "merge_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merge_requests" ADD COLUMN "in_progress_merge_commit_sha" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "merge_method" text DEFAULT 'merge' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "squash_option" text DEFAULT 'default_off' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "only_allow_merge_if_pipeline_succeeds" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "only_allow_merge_if_all_discussions_are_resolved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "remove_source_branch_after_merge" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "merge_commit_template" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "squash_commit_template" text;--> statement-breakpoint
ALTER TABLE "merge_requests" ADD CONSTRAINT "merge_requests_merge_user_id_users_id_fk" FOREIGN KEY ("merge_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;