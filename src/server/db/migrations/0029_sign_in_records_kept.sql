ALTER TABLE "sign_in_events" DROP CONSTRAINT "sign_in_events_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD CONSTRAINT "sign_in_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;