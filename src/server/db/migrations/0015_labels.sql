CREATE TABLE "label_links" (
	"label_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_links_label_id_target_type_target_id_pk" PRIMARY KEY("label_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"description" text,
	"project_id" integer,
	"group_id" integer,
	"priority" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_one_owner" CHECK (("labels"."project_id" is null) <> ("labels"."group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "resource_label_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"label_id" integer,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "label_links" ADD CONSTRAINT "label_links_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_group_id_namespaces_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_label_events" ADD CONSTRAINT "resource_label_events_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_label_events" ADD CONSTRAINT "resource_label_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_links_target" ON "label_links" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_project_title" ON "labels" USING btree ("project_id","title") WHERE "labels"."project_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "labels_group_title" ON "labels" USING btree ("group_id","title") WHERE "labels"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "resource_label_events_target" ON "resource_label_events" USING btree ("target_type","target_id","id");