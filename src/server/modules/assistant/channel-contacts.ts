/**
 * The people who wrote to a company on WhatsApp or Instagram (issue 34, LGPD: less personal data
 * where nothing needs it). A contact (a phone number or an Instagram id, and a name) is kept only
 * while there is a conversation the company may keep: it goes with the company's data retention
 * (12 or 24 months without a message) and with the channel when the company disconnects it. Its
 * messages go with it (their foreign key cascades).
 */
import { and, eq, gte, inArray, isNull, lt, notExists, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { instagramContacts, instagramMessages } from "./instagram.table";
import { whatsappContacts, whatsappMessages } from "./whatsapp.table";

type ContactColumns = {
  table: PgTable;
  id: AnyPgColumn;
  companyId: AnyPgColumn;
  createdAt: AnyPgColumn;
  lastInboundAt: AnyPgColumn;
};
type MessageColumns = { table: PgTable; contactId: AnyPgColumn; createdAt: AnyPgColumn };

const CHANNEL_CONTACTS = {
  whatsapp: {
    contacts: { table: whatsappContacts, ...pick(whatsappContacts) },
    messages: {
      table: whatsappMessages,
      contactId: whatsappMessages.contactId,
      createdAt: whatsappMessages.createdAt,
    },
  },
  instagram: {
    contacts: { table: instagramContacts, ...pick(instagramContacts) },
    messages: {
      table: instagramMessages,
      contactId: instagramMessages.contactId,
      createdAt: instagramMessages.createdAt,
    },
  },
} satisfies Record<string, { contacts: ContactColumns; messages: MessageColumns }>;

export type ContactChannel = keyof typeof CHANNEL_CONTACTS;

function pick(t: typeof whatsappContacts | typeof instagramContacts) {
  return {
    id: t.id,
    companyId: t.companyId,
    createdAt: t.createdAt,
    lastInboundAt: t.lastInboundAt,
  };
}

/**
 * Data retention: a batch of at most `limit` contacts of `channel` with nothing inside their
 * company's period (`cutoff`): made before it, no message from them since, no message kept since.
 * Their older messages go with them. Returns how many contacts went.
 */
export async function deleteContactsPastRetention(
  db: Db,
  channel: ContactChannel,
  cutoff: (companyId: AnyPgColumn) => SQL,
  limit: number,
): Promise<number> {
  const { contacts: c, messages: m } = CHANNEL_CONTACTS[channel];
  const since = cutoff(c.companyId);
  const recentMessage = db
    .select({ one: sql`1` })
    .from(m.table)
    .where(and(eq(m.contactId, c.id), gte(m.createdAt, since)));
  const removed = await db
    .delete(c.table)
    .where(
      inArray(
        c.id,
        db
          .select({ id: c.id })
          .from(c.table)
          .where(
            and(
              lt(c.createdAt, since),
              or(isNull(c.lastInboundAt), lt(c.lastInboundAt, since)),
              notExists(recentMessage),
            ),
          )
          .limit(limit),
      ),
    )
    .returning({ id: c.id });
  return removed.length;
}

/** A channel disconnected: every contact the company had on it, and their messages. */
export async function deleteChannelContacts(
  db: Db,
  channel: ContactChannel,
  companyId: string,
): Promise<number> {
  const { contacts: c } = CHANNEL_CONTACTS[channel];
  const removed = await db
    .delete(c.table)
    .where(eq(c.companyId, companyId))
    .returning({ id: c.id });
  return removed.length;
}
