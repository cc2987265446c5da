import { z } from "zod";

/** 'Adicionar ao Google Wallet': where the button sends the customer (Google's save page). */
export const GoogleWalletLinkSchema = z.object({ saveUrl: z.string() });
export type GoogleWalletLink = z.infer<typeof GoogleWalletLinkSchema>;
