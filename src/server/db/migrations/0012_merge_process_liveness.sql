CREATE TABLE "app_processes" (
	"id" serial PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merge_requests" ADD COLUMN "merge_process_id" integer;--> statement-breakpoint
CREATE INDEX "merge_requests_locked" ON "merge_requests" USING btree ("merge_process_id") WHERE "merge_requests"."state" = 'locked';