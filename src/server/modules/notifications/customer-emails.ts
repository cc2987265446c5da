/**
 * The e-mails that tell a customer, outside the app, what a company did: it answered their
 * message, their card is complete, it refused a stamp they asked for. Each goes through the outbox
 * in the caller's transaction (sent only if the change commits), in the customer's language, and
 * only while the customer's own switch for it is on (profiles' email_* columns, 'Avisos por
 * e-mail' in the customer's settings).
 */
import { toLanguage } from "@shared/languages";
import type { Db } from "../../db/client";
import { customerNoticeContent } from "../../email/customer-notice-email";
import { queueEmail } from "../mail/outbox";
import { findCustomerEmailTarget } from "./customer-emails.queries";

type Target = { customerId: string; companyId: string };

export type CustomerEmailNotice = Target &
  (
    | { kind: "reply"; quote: string }
    | { kind: "cardComplete"; reward: string }
    | { kind: "claimRefused"; quote: string }
  );

const SWITCH = {
  reply: "emailReplies",
  cardComplete: "emailCompletedCards",
  claimRefused: "emailRefusedClaims",
} as const;

/** Queues the notice's e-mail through `tx` unless the customer turned its switch off. */
export async function queueCustomerEmail(
  tx: Db,
  appUrl: string,
  notice: CustomerEmailNotice,
): Promise<void> {
  const target = await findCustomerEmailTarget(tx, notice.customerId, notice.companyId);
  if (!target?.[SWITCH[notice.kind]]) return;
  const url = new URL(`/dashboard-cliente-cartao-fidelidade/${notice.companyId}`, appUrl).href;
  const common = {
    companyName: target.companyName,
    language: toLanguage(target.language),
    name: target.name,
    url,
  };
  const content =
    notice.kind === "cardComplete"
      ? customerNoticeContent({ ...common, kind: notice.kind, reward: notice.reward })
      : customerNoticeContent({ ...common, kind: notice.kind, quote: notice.quote });
  await queueEmail(tx, { to: target.email, ...content });
}
