ALTER TABLE "merge_requests" ADD COLUMN "auto_merge_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merge_requests" ADD COLUMN "auto_merge_strategy" text;--> statement-breakpoint
ALTER TABLE "merge_requests" ADD COLUMN "merge_params" jsonb;