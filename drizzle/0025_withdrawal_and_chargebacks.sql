DROP INDEX "credit_ledger_order_key";--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "premium_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charged_back_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charged_back_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_order_key" ON "credit_ledger" USING btree ("reason","reference") WHERE "credit_ledger"."reason" in ('purchase', 'refund', 'chargeback');