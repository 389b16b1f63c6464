CREATE INDEX "users_live_role_idx" ON "users" USING btree ("role") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "audit_log_action_created_at_index" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_created_at_index" ON "audit_log" USING btree ("actor_id","created_at");