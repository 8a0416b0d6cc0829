CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "jobs_ready" ON "jobs" USING btree ("state","run_at","id");--> statement-breakpoint
CREATE INDEX "jobs_queue" ON "jobs" USING btree ("queue","state");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_running_per_queue" ON "jobs" USING btree ("queue") WHERE "jobs"."state" = 'running';