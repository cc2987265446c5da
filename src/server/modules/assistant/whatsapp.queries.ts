/**
 * The WhatsApp channel's read model (read only): the member of a company behind a phone number.
 * The phone is the company's own record of the member (memberships.phone), else the profile's;
 * both are typed by people ("(11) 98765-4321", "+55 11 8765 4321"), so they are compared as
 * digits against the spellings of the WhatsApp number (`whatsappPhoneVariants`).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../auth/profiles.table";
import { memberships } from "../customers/memberships.table";

/**
 * The ways a Brazilian number may be written, as digits, from the `from` WhatsApp sends
 * ("5511987654321", or "551187654321" for mobiles registered before the ninth digit): with and
 * without the country code 55, and with and without the ninth digit. Other countries: the number
 * as given.
 */
export function whatsappPhoneVariants(from: string): string[] {
  const digits = from.replace(/\D/g, "");
  const variants = new Set([digits]);
  if (digits.startsWith("55") && (digits.length === 12 || digits.length === 13)) {
    const national = digits.slice(2);
    const area = national.slice(0, 2);
    const local = national.slice(2);
    const locals = new Set([local]);
    // A mobile number: 9 + 8 digits now; 8 digits (starting 6 to 9) before the ninth digit.
    if (local.length === 9 && local.startsWith("9")) locals.add(local.slice(1));
    if (local.length === 8 && /^[6-9]/.test(local)) locals.add(`9${local}`);
    for (const l of locals) {
      variants.add(`${area}${l}`);
      variants.add(`55${area}${l}`);
      variants.add(`0${area}${l}`);
    }
  }
  return [...variants];
}

/**
 * The member of `companyId` whose phone is `from` (any spelling), with their name; an active
 * membership first, then the oldest. Null when no member of this company has that number.
 */
export async function findMemberByPhone(
  db: Pick<Db, "select">,
  companyId: string,
  from: string,
): Promise<{ customerId: string; name: string } | null> {
  const variants = whatsappPhoneVariants(from);
  if (variants[0]!.length < 8) return null;
  const digits = sql<string>`regexp_replace(coalesce(${memberships.phone}, ${profiles.phone}, ''), '[^0-9]', '', 'g')`;
  const [row] = await db
    .select({ customerId: memberships.customerId, name: profiles.name })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .where(and(eq(memberships.companyId, companyId), inArray(digits, variants)))
    .orderBy(sql`${memberships.status} = 'active' desc`, asc(memberships.joinedAt))
    .limit(1);
  return row ?? null;
}
