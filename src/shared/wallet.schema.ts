import { z } from "zod";

/** 'Adicionar ao Google Wallet': where the button sends the customer (Google's save page). */
export const GoogleWalletLinkSchema = z.object({ saveUrl: z.string() });
export type GoogleWalletLink = z.infer<typeof GoogleWalletLinkSchema>;

/**
 * 'Adicionar à Apple Wallet': the `.pkpass` download the button links to (this app's own path;
 * Safari opens it in Wallet). Answered only while Apple Wallet is on.
 */
export const AppleWalletLinkSchema = z.object({ url: z.string() });
export type AppleWalletLink = z.infer<typeof AppleWalletLinkSchema>;

/** PassKit web service: a device registering for a pass's updates (its APNs push token). */
export const PasskitRegistrationSchema = z.object({ pushToken: z.string().min(1).max(200) });

/** PassKit web service: the serial numbers of a device's passes changed since a tag. */
export const PasskitSerialsSchema = z.object({
  serialNumbers: z.array(z.string()),
  lastUpdated: z.string(),
});

/** PassKit web service: what a device logs about the passes' web service. */
export const PasskitLogSchema = z.object({ logs: z.array(z.string().max(2000)).max(100) });
