CREATE TABLE "apple_pass_registrations" (
	"device_library_id" text NOT NULL,
	"card_id" text NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apple_pass_registrations_device_library_id_card_id_pk" PRIMARY KEY("device_library_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "apple_passes" (
	"card_id" text PRIMARY KEY NOT NULL,
	"authentication_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apple_pass_registrations" ADD CONSTRAINT "apple_pass_registrations_card_id_apple_passes_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."apple_passes"("card_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apple_passes" ADD CONSTRAINT "apple_passes_card_id_loyalty_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."loyalty_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apple_pass_registrations_card_idx" ON "apple_pass_registrations" USING btree ("card_id");