CREATE TABLE "merge_request_reviewers" (
	"merge_request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'unreviewed' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "merge_request_reviewers_merge_request_id_user_id_pk" PRIMARY KEY("merge_request_id","user_id"),
	CONSTRAINT "merge_request_reviewers_state" CHECK ("merge_request_reviewers"."state" in ('unreviewed', 'review_started', 'reviewed', 'requested_changes', 'approved', 'unapproved'))
);
--> statement-breakpoint
ALTER TABLE "merge_request_reviewers" ADD CONSTRAINT "merge_request_reviewers_merge_request_id_merge_requests_id_fk" FOREIGN KEY ("merge_request_id") REFERENCES "public"."merge_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_request_reviewers" ADD CONSTRAINT "merge_request_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merge_request_reviewers_user" ON "merge_request_reviewers" USING btree ("user_id");