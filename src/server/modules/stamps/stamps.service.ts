import { randomUUID } from "node:crypto";
import type { StampMethod } from "@shared/stamps.schema";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reusableQuery } from "../../db/prepared";
import { emitWebhookEvent } from "../integrations/webhooks.service";
import { stamps } from "./stamps.table";

// Every staff stamp runs this statement: prepared once per connection (db/prepared.ts).
/**
 * A staff stamp's row: approved at once, with who gave it, where (the member's shop) and when, and
 * a Gerente's or Dono's reason when it passed the interval or the daily cap (the card is credited
 * by cards).
 */
export async function recordStaffStamp(
  tx: Db,
  stamp: {
    id: string;
    cardId: string;
    companyId: string;
    customerId: string;
    method: StampMethod;
    count: number;
    notes: string | null;
    /** The team member who gave it; null when an API key did (`apiKeyId`). */
    givenBy: string | null;
    locationId: string | null;
    overrideReason: string | null;
    /** When a stamp given offline was given (its row's time); now when absent. */
    createdAt?: Date;
    /** The public API's key that gave it (shown as "via <key name>"). */
    apiKeyId?: string | null;
    /** A stamp by purchase value: the purchase's amount in centavos. */
    amountCents?: number | null;
    /** The till's sale id (public API): one sale stamps once per company. */
    externalSaleId?: string | null;
  },
): Promise<void> {
  await insertStaffStamp(tx, {
    ...stamp,
    apiKeyId: stamp.apiKeyId ?? null,
    amountCents: stamp.amountCents ?? null,
    externalSaleId: stamp.externalSaleId ?? null,
    createdAt: stamp.createdAt?.toISOString() ?? null,
  });
  await emitStampAdded(tx, stamp);
}

/** `stamp.added` for the company's webhooks (ids and counts; the card's count is added there). */
async function emitStampAdded(
  tx: Db,
  stamp: {
    id: string;
    cardId: string;
    companyId: string;
    customerId: string;
    method: string;
    count: number;
    apiKeyId?: string | null;
    amountCents?: number | null;
    externalSaleId?: string | null;
  },
) {
  if (stamp.count <= 0) return;
  await emitWebhookEvent(tx, stamp.companyId, "stamp.added", {
    stampId: stamp.id,
    cardId: stamp.cardId,
    memberId: stamp.customerId,
    count: stamp.count,
    method: stamp.method,
    amountCents: stamp.amountCents ?? null,
    externalSaleId: stamp.externalSaleId ?? null,
    apiKeyId: stamp.apiKeyId ?? null,
  });
}

const insertStaffStamp = reusableQuery("insert_staff_stamp", (db) =>
  db
    .insert(stamps)
    .values({
      id: sql.placeholder("id"),
      cardId: sql.placeholder("cardId"),
      companyId: sql.placeholder("companyId"),
      customerId: sql.placeholder("customerId"),
      method: sql.placeholder("method"),
      count: sql.placeholder("count"),
      status: "approved",
      notes: sql.placeholder("notes"),
      givenBy: sql.placeholder("givenBy"),
      locationId: sql.placeholder("locationId"),
      overrideReason: sql.placeholder("overrideReason"),
      apiKeyId: sql.placeholder("apiKeyId"),
      amountCents: sql.placeholder("amountCents"),
      externalSaleId: sql.placeholder("externalSaleId"),
      // A stamp given offline is given, and approved, at its `givenAt` (reports count it then).
      createdAt: sql`coalesce(${sql.placeholder("createdAt")}::timestamptz, now())`,
      approvedAt: sql`coalesce(${sql.placeholder("createdAt")}::timestamptz, now())`,
    })
    .returning({ id: stamps.id }),
);

/**
 * A self-stamp's row: the customer scanned the counter screen's code (/balcao/qr); approved at
 * once, given by no one of the team, marked `self_service`.
 */
export async function recordSelfStamp(
  tx: Db,
  stamp: { cardId: string; companyId: string; customerId: string; count: number },
): Promise<void> {
  const id = randomUUID();
  await tx.insert(stamps).values({
    id,
    ...stamp,
    method: "purchase",
    status: "approved",
    selfService: true,
    approvedAt: sql`now()`,
  });
  await emitStampAdded(tx, { ...stamp, id, method: "purchase" });
}

/** A rule's stamps, given by no one and approved at once (flows/give-stamp.ts giveRuleStamps). */
export async function recordRuleStamp(
  tx: Db,
  stamp: {
    cardId: string;
    companyId: string;
    customerId: string;
    method: "birthday" | "referral" | "import";
    count: number;
  },
): Promise<void> {
  const id = randomUUID();
  await tx.insert(stamps).values({
    id,
    ...stamp,
    status: "approved",
    approvedAt: sql`now()`,
  });
  await emitStampAdded(tx, { ...stamp, id });
}

// ---------------------------------------------------------------------------------------------
// Claims: stamps a customer asks for, pending until the company approves or rejects them

/**
 * A customer's claim on one of their cards: a pending stamp worth nothing until approved, inside
 * the caller's transaction (the unique indexes refuse a second pending claim of the same kind on
 * the card, and a second Google review claim at the company). Returns its id.
 */
export async function createClaimStamp(
  tx: Db,
  claim: {
    cardId: string;
    companyId: string;
    customerId: string;
    method: StampMethod;
    fileId: string | null;
    network: string | null;
    link: string | null;
  },
): Promise<string> {
  const id = randomUUID();
  await tx.insert(stamps).values({
    id,
    ...claim,
    count: 0,
    status: "pending",
    claimed: true,
  });
  return id;
}

/** Locks one of the company's claims until the caller's transaction ends, or null. */
export async function lockClaimStamp(tx: Db, companyId: string, claimId: string) {
  const [claim] = await tx
    .select()
    .from(stamps)
    .where(and(eq(stamps.id, claimId), eq(stamps.companyId, companyId), eq(stamps.claimed, true)))
    .for("update");
  return claim ?? null;
}

/** The approved claim counts: the stamps it added to the card, who approved it and when. */
export async function approveClaimStamp(
  tx: Db,
  claimId: string,
  approval: { count: number; givenBy: string },
): Promise<void> {
  const [approved] = await tx
    .update(stamps)
    .set({
      status: "approved",
      count: approval.count,
      givenBy: approval.givenBy,
      approvedAt: sql`now()`,
      reviewedAt: sql`now()`,
    })
    .where(eq(stamps.id, claimId))
    .returning();
  if (approved) await emitStampAdded(tx, approved);
}

/**
 * Rejects one of the company's claims still pending, with the reason; false when none was (not the
 * company's, or already reviewed).
 */
export async function rejectClaimStamp(
  db: Db,
  companyId: string,
  claimId: string,
  rejection: { reason: string; givenBy: string },
): Promise<boolean> {
  const updated = await db
    .update(stamps)
    .set({
      status: "rejected",
      rejectionReason: rejection.reason,
      givenBy: rejection.givenBy,
      reviewedAt: sql`now()`,
    })
    .where(
      and(
        eq(stamps.id, claimId),
        eq(stamps.companyId, companyId),
        eq(stamps.claimed, true),
        eq(stamps.status, "pending"),
      ),
    )
    .returning({ id: stamps.id });
  return updated.length > 0;
}
