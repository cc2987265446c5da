import type { Language } from "@shared/languages";
import { digestContent } from "../../email/digest-email";
import type { Mail } from "../mail/mail.service";
import type { DigestCategory } from "./digest.queries";

/** One category of the digest: how many events, and the newest few (newest first). */
export type DigestSection = {
  category: DigestCategory;
  total: number;
  items: { customerName: string; detail: string }[];
};

/**
 * The owner's notification digest, in the owner's language: per category (customer messages,
 * partnership requests, stamp requests, complete cards) the count and the newest few with the
 * customer's name and a short preview, and links to /dashboard (and /mensagens when there are
 * messages). What customers wrote is text in the HTML, never markup.
 */
export const digestEmail = (input: {
  to: string;
  ownerName: string;
  companyName: string;
  sections: DigestSection[];
  language: Language;
  appUrl: string;
}): Mail => ({ to: input.to, ...digestContent(input) });
