CREATE TABLE "merge_request_context_commits" (
	"id" serial PRIMARY KEY NOT NULL,
	"merge_request_id" integer NOT NULL,
	"sha" text NOT NULL,
	"relative_order" integer NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"authored_date" timestamp with time zone NOT NULL,
	"committer_name" text NOT NULL,
	"committer_email" text NOT NULL,
	"committed_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merge_request_context_commits" ADD CONSTRAINT "merge_request_context_commits_merge_request_id_merge_requests_id_fk" FOREIGN KEY ("merge_request_id") REFERENCES "public"."merge_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merge_request_context_commits_sha" ON "merge_request_context_commits" USING btree ("merge_request_id","sha");