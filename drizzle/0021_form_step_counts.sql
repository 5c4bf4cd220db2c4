CREATE TABLE "form_step_counts" (
	"day" date NOT NULL,
	"form" text NOT NULL,
	"source" text NOT NULL,
	"step" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "form_step_counts_day_form_source_step_pk" PRIMARY KEY("day","form","source","step")
);
