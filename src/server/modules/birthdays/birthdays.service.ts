import { randomUUID } from "node:crypto";
import { toLanguage } from "@shared/languages";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { birthdayEmail, type Mail } from "../mail/mail.service";
import type { BirthdayMember } from "./birthdays.queries";
import { birthdayGifts } from "./birthdays.table";

/**
 * This year's gift to the member, claimed inside the gift's transaction: its `birthday_gifts` row
 * (unique company, customer, year). Null when it is already there: a second run, or another app
 * server at the same moment, gives nothing (flows/birthday-gifts.ts).
 */
export async function claimBirthdayGift(
  tx: Db,
  member: BirthdayMember,
  { year, today }: { year: number; today: string },
): Promise<string | null> {
  const [claimed] = await tx
    .insert(birthdayGifts)
    .values({
      id: randomUUID(),
      companyId: member.companyId,
      customerId: member.customerId,
      year,
      givenOn: today,
    })
    .onConflictDoNothing()
    .returning({ id: birthdayGifts.id });
  return claimed?.id ?? null;
}

/** What the claimed gift gave: the stamps and the card they went on. */
export async function recordGiftStamps(
  tx: Db,
  giftId: string,
  given: { stamps: number; cardId: string },
): Promise<void> {
  await tx.update(birthdayGifts).set(given).where(eq(birthdayGifts.id, giftId));
}

/** The birthday e-mail to the member, in their language, with the link to their card. */
export function giftMail(member: BirthdayMember, stamps: number, appUrl: string): Mail {
  return birthdayEmail({
    to: member.customerEmail,
    name: member.customerName,
    companyName: member.companyName,
    stamps,
    message: member.message,
    language: toLanguage(member.language),
    url: new URL(`/dashboard-cliente-cartao-fidelidade/${member.companyId}`, appUrl).href,
  });
}
