CREATE TABLE "abuse_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer,
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"reported_from_url" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "award_emoji" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"user_id" integer NOT NULL,
	"awardable_type" text NOT NULL,
	"awardable_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "description_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"noteable_type" text NOT NULL,
	"noteable_id" integer NOT NULL,
	"description" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draft_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"merge_request_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"note" text NOT NULL,
	"discussion_id" text,
	"resolve_discussion" boolean DEFAULT false NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"position" jsonb,
	"line_code" text,
	"commit_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_assignees" (
	"issue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "issue_assignees_issue_id_user_id_pk" PRIMARY KEY("issue_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"iid" integer NOT NULL,
	"project_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'opened' NOT NULL,
	"issue_type" text DEFAULT 'issue' NOT NULL,
	"confidential" boolean DEFAULT false NOT NULL,
	"discussion_locked" boolean DEFAULT false NOT NULL,
	"author_id" integer,
	"closed_by_id" integer,
	"closed_at" timestamp with time zone,
	"time_estimate" integer DEFAULT 0 NOT NULL,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"noteable_type" text NOT NULL,
	"noteable_id" integer NOT NULL,
	"discussion_id" text NOT NULL,
	"type" text,
	"system" boolean DEFAULT false NOT NULL,
	"system_note_metadata" jsonb,
	"note" text NOT NULL,
	"author_id" integer,
	"internal" boolean DEFAULT false NOT NULL,
	"resolvable" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" integer,
	"resolved_by_push" boolean DEFAULT false NOT NULL,
	"position" jsonb,
	"original_position" jsonb,
	"line_code" text,
	"commit_id" text,
	"last_edited_at" timestamp with time zone,
	"last_edited_by_id" integer,
	"imported" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL,
	"relative_order" integer NOT NULL,
	"from_content" text NOT NULL,
	"to_content" text NOT NULL,
	"lines_above" integer DEFAULT 0 NOT NULL,
	"lines_below" integer DEFAULT 0 NOT NULL,
	"outdated" boolean DEFAULT false NOT NULL,
	"applied" boolean DEFAULT false NOT NULL,
	"commit_id" text
);
--> statement-breakpoint
CREATE TABLE "timeline_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"note_id" integer,
	"author_id" integer,
	"note" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timelogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"noteable_type" text NOT NULL,
	"noteable_id" integer NOT NULL,
	"user_id" integer,
	"note_id" integer,
	"time_spent" integer NOT NULL,
	"spent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"secret" text NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_callouts" (
	"user_id" integer NOT NULL,
	"feature_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_callouts_user_id_feature_name_pk" PRIMARY KEY("user_id","feature_name")
);
--> statement-breakpoint
ALTER TABLE "merge_requests" ADD COLUMN "discussion_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merge_requests" ADD COLUMN "time_estimate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "issue_notes_filter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merge_request_notes_filter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "abuse_reports" ADD CONSTRAINT "abuse_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abuse_reports" ADD CONSTRAINT "abuse_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_emoji" ADD CONSTRAINT "award_emoji_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_notes" ADD CONSTRAINT "draft_notes_merge_request_id_merge_requests_id_fk" FOREIGN KEY ("merge_request_id") REFERENCES "public"."merge_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_notes" ADD CONSTRAINT "draft_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_assignees" ADD CONSTRAINT "issue_assignees_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_assignees" ADD CONSTRAINT "issue_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_last_edited_by_id_users_id_fk" FOREIGN KEY ("last_edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD CONSTRAINT "timeline_events_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD CONSTRAINT "timeline_events_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD CONSTRAINT "timeline_events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timelogs" ADD CONSTRAINT "timelogs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timelogs" ADD CONSTRAINT "timelogs_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_callouts" ADD CONSTRAINT "user_callouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abuse_reports_status" ON "abuse_reports" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "award_emoji_one_per_user" ON "award_emoji" USING btree ("awardable_type","awardable_id","name","user_id");--> statement-breakpoint
CREATE INDEX "award_emoji_user_recent" ON "award_emoji" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "description_versions_noteable" ON "description_versions" USING btree ("noteable_type","noteable_id","id");--> statement-breakpoint
CREATE INDEX "draft_notes_mr_author" ON "draft_notes" USING btree ("merge_request_id","author_id","id");--> statement-breakpoint
CREATE INDEX "issue_assignees_user" ON "issue_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issues_project_iid" ON "issues" USING btree ("project_id","iid");--> statement-breakpoint
CREATE INDEX "issues_project_state" ON "issues" USING btree ("project_id","state","id");--> statement-breakpoint
CREATE INDEX "notes_noteable" ON "notes" USING btree ("noteable_type","noteable_id","id");--> statement-breakpoint
CREATE INDEX "notes_discussion" ON "notes" USING btree ("discussion_id");--> statement-breakpoint
CREATE INDEX "notes_noteable_updated" ON "notes" USING btree ("noteable_type","noteable_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "suggestions_note_order" ON "suggestions" USING btree ("note_id","relative_order");--> statement-breakpoint
CREATE INDEX "timeline_events_issue" ON "timeline_events" USING btree ("issue_id","occurred_at");--> statement-breakpoint
CREATE INDEX "timelogs_noteable" ON "timelogs" USING btree ("noteable_type","noteable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_project_secret" ON "uploads" USING btree ("project_id","secret");