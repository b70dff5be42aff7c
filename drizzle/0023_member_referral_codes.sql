-- Issue 47 item 6: share links carry a referral code, not the phone. Eight capital letters without
-- I and O (never digits, so a code is never read as a phone number), one per member; adding the
-- column with this volatile default gives each existing member a code of their own.
CREATE FUNCTION gather_referral_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + floor(random() * 24)::int, 1), '')
  FROM generate_series(1, 8)
$$;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "referral_code" text DEFAULT gather_referral_code() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "members_referral_code_idx" ON "members" USING btree ("referral_code");
