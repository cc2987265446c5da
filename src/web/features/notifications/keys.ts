/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const notificationKeys = {
  all: ["notifications"] as const,
  /** The company's bell (GET /api/notifications). */
  company: () => [...notificationKeys.all, "company"] as const,
  /** The customer's bell (GET /api/me/notifications). */
  mine: () => [...notificationKeys.all, "me"] as const,
  /** The customer's e-mail switches (GET /api/me/email-settings). */
  emailSettings: () => [...notificationKeys.all, "email-settings"] as const,
};
