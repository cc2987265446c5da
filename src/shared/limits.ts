/** Business constants shared by the server and the web app (spec section 9). */
export const TRIAL_DAYS = 30;
export const DEFAULT_MAX_STAMPS = 10;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 120;
export const CITY_MAX_LENGTH = 80;
export const PHONE_MAX_LENGTH = 30;
export const EMAIL_MAX_LENGTH = 254;
/** Sidebar state cookie lifetime: 7 days. */
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;
export const MOBILE_BREAKPOINT = 768;
