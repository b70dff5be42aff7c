ALTER TABLE "site_settings" ADD COLUMN "payme_claim_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_payme_claim_hours" CHECK ("site_settings"."payme_claim_hours" between 1 and 168);--> statement-breakpoint
-- Claims made before this migration waited with no deadline: they get one from now (decision 0025),
-- so that the first expiry run after the upgrade does not cancel them at once.
UPDATE "orders" o SET "expires_at" = greatest(o."expires_at", least(now() + interval '24 hours', c."cutoff_at" + interval '30 minutes'))
FROM "order_cycles" c
WHERE c."id" = o."cycle_id" AND o."status" = 'pending_payment'
  AND EXISTS (SELECT 1 FROM "payments" p WHERE p."order_id" = o."id" AND p."provider" = 'payme');
