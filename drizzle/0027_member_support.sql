CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree (lower("to"),"id");--> statement-breakpoint
CREATE INDEX "orders_provider_ref_idx" ON "orders" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "profiles_name_prefix_idx" ON "profiles" USING btree (lower("name") text_pattern_ops);