/**
 * Error codes the API answers with, in `{ error: { code, message } }`.
 * The web app translates each code (locales/<lang>/errors.json); `message` is for logs and API users.
 */
export const ERROR_CODES = [
  "validation_failed",
  "invalid_credentials",
  "email_not_confirmed",
  "email_taken",
  "rate_limited",
  "unauthenticated",
  "forbidden",
  "role_forbidden",
  "not_found",
  "payload_too_large",
  "signup_failed",
  "card_complete",
  "card_not_complete",
  "card_redeemed",
  "claim_pending",
  "claim_not_allowed",
  "review_already_claimed",
  "claim_not_pending",
  "file_too_large",
  "file_type_invalid",
  "message_already_answered",
  "interest_already_answered",
  "customer_inactive",
  "invitation_invalid",
  "plan_expired",
  "wrong_password",
  "two_factor_invalid_code",
  "two_factor_challenge_expired",
  "two_factor_locked",
  "two_factor_already_enabled",
  "two_factor_not_enabled",
  "reset_token_invalid",
  "opt_out_token_invalid",
  "idempotency_key_reused",
  "card_already_open",
  "program_archived",
  "program_is_default",
  "location_change_too_soon",
  "referral_state_conflict",
  "referral_reward_unavailable",
  "bonus_insufficient",
  "subscription_exists",
  "subscription_not_active",
  "plan_unchanged",
  "billing_provider_failed",
  "billing_unavailable",
  "subscribe_limited",
  "invoice_overdue",
  "assistant_plan_required",
  "whatsapp_unavailable",
  "instagram_unavailable",
  "partnership_exists",
  "partnership_unavailable",
  "partnership_state_conflict",
  "partnership_sender_inactive",
  "partner_messages_limited",
  "demo_read_only",
  "stamp_too_soon",
  "stamp_daily_cap",
  "override_not_allowed",
  "counter_code_expired",
  "customer_not_member",
  "last_owner",
  "staff_invitation_invalid",
  "staff_email_is_customer",
  "already_in_team",
  "team_invitations_limited",
  "self_stamp_disabled",
  "stamp_amount_too_low",
  "internal_error",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ApiErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    /** For validation_failed: field name -> message key of the shared schema. */
    fields?: Record<string, string>;
  };
};
