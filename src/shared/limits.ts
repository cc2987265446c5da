/** Business constants shared by the server and the web app (spec section 9). */
export const TRIAL_DAYS = 30;
export const DEFAULT_MAX_STAMPS = 10;
/** Counter rules' defaults: 30 minutes between two stamps on one card, 5 stamps a day per customer. */
export const STAMP_INTERVAL_DEFAULT_MINUTES = 30;
export const DAILY_STAMP_CAP_DEFAULT = 5;
/** The customer's counter QR code changes every 30 s (the current and the previous one are valid). */
export const COUNTER_CODE_STEP_SECONDS = 30;
/** The counter's quantity stepper: stamps for this many purchases at once (AddStampSchema's limit). */
export const STAMP_QUANTITY_MAX = 20;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 120;
export const CITY_MAX_LENGTH = 80;
/** A customer's interest request's description (the form reads it without the schema's zod). */
export const INTEREST_DESCRIPTION_MAX_LENGTH = 1000;
export const PHONE_MAX_LENGTH = 30;
export const EMAIL_MAX_LENGTH = 254;
/** Sidebar state cookie lifetime: 7 days. */
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;
export const MOBILE_BREAKPOINT = 768;
