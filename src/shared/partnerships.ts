/** Partnerships' constants without zod: the panel's sidebar reads them (decision 042). */

/** How often an open conversation asks for new messages (decision 012). */
export const PARTNER_CHAT_POLL_MS = 2000;
