ALTER TABLE "ci_pipelines" ADD COLUMN "merge_request_id" integer;--> statement-breakpoint
ALTER TABLE "ci_pipelines" ADD COLUMN "source_sha" text;--> statement-breakpoint
ALTER TABLE "ci_pipelines" ADD COLUMN "target_sha" text;--> statement-breakpoint
ALTER TABLE "ci_pipelines" ADD COLUMN "auto_canceled_by_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "merge_pipelines_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "auto_cancel_pending_pipelines" text DEFAULT 'enabled' NOT NULL;--> statement-breakpoint
ALTER TABLE "ci_pipelines" ADD CONSTRAINT "ci_pipelines_merge_request_id_merge_requests_id_fk" FOREIGN KEY ("merge_request_id") REFERENCES "public"."merge_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ci_pipelines_merge_request" ON "ci_pipelines" USING btree ("merge_request_id","id");