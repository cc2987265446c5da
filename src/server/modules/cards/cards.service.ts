import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type {
  CardSort,
  CardStatus,
  CardSummary,
  CompanyCard,
  CustomerCard,
  RedeemCard,
  Voucher,
} from "../../../shared/cards.schema";
import type { Stamp } from "../../../shared/stamps.schema";
import type { Db } from "../../db/client";
import { containsPattern } from "../../db/like";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";
import { memberships } from "../customers/memberships.table";
import { findProgram } from "../programs/programs.service";
import { programs } from "../programs/programs.table";
import { stamps } from "../stamps/stamps.table";
import { loyaltyCards } from "./cards.table";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const companyCardColumns = {
  card: loyaltyCards,
  customerName: profiles.name,
  customerEmail: profiles.email,
  customerPhone: profiles.phone,
  programName: programs.name,
};

type CompanyCardRow = {
  card: typeof loyaltyCards.$inferSelect;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  programName: string;
};

const toCompanyCard = (r: CompanyCardRow): CompanyCard => ({
  id: r.card.id,
  customerId: r.card.customerId,
  customerName: r.customerName,
  customerEmail: r.customerEmail,
  customerPhone: r.customerPhone,
  programId: r.card.programId,
  programName: r.programName,
  // The reward the card opened with (editing the programme later changes only new cards).
  reward: r.card.reward,
  stamps: r.card.stamps,
  maxStamps: r.card.maxStamps,
  status: r.card.status,
  createdAt: r.card.createdAt.toISOString(),
  completedAt: iso(r.card.completedAt),
  redeemedAt: iso(r.card.redeemedAt),
});

function companyCardsQuery(db: Db, where: SQL | undefined) {
  return db
    .select(companyCardColumns)
    .from(loyaltyCards)
    .innerJoin(profiles, eq(profiles.id, loyaltyCards.customerId))
    .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
    .where(where);
}

export async function listCompanyCards(
  db: Db,
  companyId: string,
  options: { search?: string; sort?: CardSort; status?: CardStatus; limit?: number } = {},
): Promise<CompanyCard[]> {
  const search = options.search?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  const where = and(
    eq(loyaltyCards.companyId, companyId),
    options.status ? eq(loyaltyCards.status, options.status) : undefined,
    pattern
      ? or(
          ilike(profiles.name, pattern),
          ilike(profiles.email, pattern),
          ilike(profiles.phone, pattern),
          ilike(programs.name, pattern),
        )
      : undefined,
  );
  const progress = sql`${loyaltyCards.stamps}::float / ${loyaltyCards.maxStamps}`;
  const order = {
    name_asc: [asc(profiles.name), desc(loyaltyCards.createdAt)],
    name_desc: [desc(profiles.name), desc(loyaltyCards.createdAt)],
    progress_asc: [asc(progress), asc(profiles.name)],
    progress_desc: [desc(progress), asc(profiles.name)],
  }[options.sort ?? "name_asc"];
  const rows = await companyCardsQuery(db, where)
    .orderBy(...(options.sort ? order : [desc(loyaltyCards.createdAt)]))
    .limit(options.limit ?? 500);
  return rows.map(toCompanyCard);
}

/** The /cartoes tiles: the company's cards by status and its programmes, counted in the database. */
export async function getCardSummary(db: Db, companyId: string): Promise<CardSummary> {
  const [cards] = await db
    .select({
      active: sql<number>`count(*) filter (where ${loyaltyCards.status} = 'active')::int`,
      complete: sql<number>`count(*) filter (where ${loyaltyCards.status} = 'complete')::int`,
      redeemed: sql<number>`count(*) filter (where ${loyaltyCards.status} = 'redeemed')::int`,
    })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.companyId, companyId));
  const [templates] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(programs)
    .where(and(eq(programs.companyId, companyId), isNull(programs.archivedAt)));
  return {
    active: cards?.active ?? 0,
    complete: cards?.complete ?? 0,
    redeemed: cards?.redeemed ?? 0,
    programs: templates?.total ?? 0,
  };
}

/** The open (not yet redeemed) cards of some of the company's customers. */
export async function listOpenCards(
  db: Db,
  companyId: string,
  customerIds: string[],
): Promise<CompanyCard[]> {
  if (customerIds.length === 0) return [];
  const rows = await companyCardsQuery(
    db,
    and(
      eq(loyaltyCards.companyId, companyId),
      inArray(loyaltyCards.customerId, customerIds),
      ne(loyaltyCards.status, "redeemed"),
    ),
  ).orderBy(asc(loyaltyCards.createdAt));
  return rows.map(toCompanyCard);
}

/** A card of the actor's company, or 404 (an id never grants access by itself). */
export async function getCompanyCard(
  db: Db,
  companyId: string,
  cardId: string,
): Promise<CompanyCard> {
  const [row] = await companyCardsQuery(
    db,
    and(eq(loyaltyCards.id, cardId), eq(loyaltyCards.companyId, companyId)),
  ).limit(1);
  if (!row) throw new AppError("not_found", 404, "Cartão não encontrado");
  return toCompanyCard(row);
}

export async function getCardHistory(db: Db, companyId: string, cardId: string): Promise<Stamp[]> {
  const rows = await db
    .select({ stamp: stamps, givenByName: profiles.name })
    .from(stamps)
    .leftJoin(profiles, eq(profiles.id, stamps.givenBy))
    .where(and(eq(stamps.cardId, cardId), eq(stamps.companyId, companyId)))
    .orderBy(desc(stamps.createdAt));
  return rows.map(({ stamp, givenByName }) => ({
    id: stamp.id,
    method: stamp.method,
    count: stamp.count,
    status: stamp.status,
    notes: stamp.notes,
    givenByName,
    createdAt: stamp.createdAt.toISOString(),
  }));
}

/** 'Marcar Utilização': a complete card becomes redeemed, keeping its history. */
export async function redeemCard(
  db: Db,
  actor: CompanyActor,
  cardId: string,
  input: RedeemCard,
): Promise<CompanyCard> {
  const updated = await db
    .update(loyaltyCards)
    .set({
      status: "redeemed",
      redeemedAt: sql`now()`,
      redeemedBy: actor.userId,
      redemptionBonusType: input.bonusType || null,
      redemptionNotes: input.notes || null,
    })
    .where(
      and(
        eq(loyaltyCards.id, cardId),
        eq(loyaltyCards.companyId, actor.companyId),
        eq(loyaltyCards.status, "complete"),
      ),
    )
    .returning({ id: loyaltyCards.id });
  if (updated.length === 0) {
    const card = await getCompanyCard(db, actor.companyId, cardId);
    if (card.status === "redeemed")
      throw new AppError("card_redeemed", 409, "O cartão já foi utilizado.");
    throw new AppError("card_not_complete", 409, "O cartão ainda não está completo.");
  }
  return getCompanyCard(db, actor.companyId, cardId);
}

/** The card behind a customer's voucher code, within the actor's company. */
export async function findCardByCode(
  db: Db,
  companyId: string,
  code: string,
): Promise<CompanyCard> {
  const normalized = code.trim().toUpperCase();
  const [row] = await companyCardsQuery(
    db,
    and(eq(loyaltyCards.redemptionCode, normalized), eq(loyaltyCards.companyId, companyId)),
  ).limit(1);
  if (!row) throw new AppError("not_found", 404, "Voucher não encontrado");
  return toCompanyCard(row);
}

const customerCardColumns = {
  card: loyaltyCards,
  companyName: companies.tradeName,
  companySector: companies.sector,
  companyCity: companies.city,
  companyState: companies.state,
  companyLogoUrl: companies.logoUrl,
  brandColor: companies.brandColor,
  programName: programs.name,
};

export async function listCustomerCards(
  db: Db,
  customerId: string,
  companyId?: string,
): Promise<CustomerCard[]> {
  const rows = await db
    .select(customerCardColumns)
    .from(loyaltyCards)
    .innerJoin(companies, eq(companies.id, loyaltyCards.companyId))
    .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
    .where(
      and(
        eq(loyaltyCards.customerId, customerId),
        companyId ? eq(loyaltyCards.companyId, companyId) : undefined,
      ),
    )
    .orderBy(desc(loyaltyCards.createdAt));
  return rows.map((r) => ({
    id: r.card.id,
    companyId: r.card.companyId,
    companyName: r.companyName,
    companySector: r.companySector,
    companyCity: r.companyCity,
    companyState: r.companyState,
    companyLogoUrl: r.companyLogoUrl,
    brandColor: r.brandColor,
    programName: r.programName,
    reward: r.card.reward,
    stamps: r.card.stamps,
    maxStamps: r.card.maxStamps,
    status: r.card.status,
    createdAt: r.card.createdAt.toISOString(),
    completedAt: iso(r.card.completedAt),
    redeemedAt: iso(r.card.redeemedAt),
  }));
}

/** Voucher codes: 8 characters without look-alikes (no 0/O, 1/I). */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const newCode = () =>
  Array.from(randomBytes(8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");

/** The customer's voucher for one of their complete cards (the same code on every call). */
export async function createVoucher(db: Db, customerId: string, cardId: string): Promise<Voucher> {
  const [card] = await db
    .select({ status: loyaltyCards.status, code: loyaltyCards.redemptionCode })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.id, cardId), eq(loyaltyCards.customerId, customerId)))
    .limit(1);
  if (!card) throw new AppError("not_found", 404, "Cartão não encontrado");
  if (card.status === "redeemed")
    throw new AppError("card_redeemed", 409, "O cartão já foi utilizado.");
  if (card.status !== "complete")
    throw new AppError("card_not_complete", 409, "O cartão ainda não está completo.");
  if (card.code) return { cardId, code: card.code };
  const [row] = await db
    .update(loyaltyCards)
    .set({ redemptionCode: sql`coalesce(${loyaltyCards.redemptionCode}, ${newCode()})` })
    .where(eq(loyaltyCards.id, cardId))
    .returning({ code: loyaltyCards.redemptionCode });
  return { cardId, code: row!.code! };
}

/** Per customer of the company: how many cards, how many completed, stamps on the open ones. */
export async function countCardsByCustomer(
  db: Db,
  companyId: string,
  customerIds: string[],
): Promise<Map<string, { total: number; completed: number; currentStamps: number }>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({
      customerId: loyaltyCards.customerId,
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${loyaltyCards.status} <> 'active')::int`,
      currentStamps: sql<number>`coalesce(sum(${loyaltyCards.stamps}) filter (where ${loyaltyCards.status} <> 'redeemed'), 0)::int`,
    })
    .from(loyaltyCards)
    .where(
      and(eq(loyaltyCards.companyId, companyId), inArray(loyaltyCards.customerId, customerIds)),
    )
    .groupBy(loyaltyCards.customerId);
  return new Map(rows.map(({ customerId, ...counts }) => [customerId, counts]));
}

// ---------------------------------------------------------------------------------------------
// Opening cards

type CardMember = { id: string; companyId: string; customerId: string };
type CardProgram = {
  id: string;
  companyId: string;
  stampsRequired: number;
  reward: string;
  archivedAt: Date | null;
};

const cardAlreadyOpen = () =>
  new AppError("card_already_open", 409, "Este cliente já tem um cartão aberto neste programa.");
const programArchived = () =>
  new AppError("program_archived", 409, "Este cartão está arquivado e não abre novos cartões.");

/**
 * The one place a loyalty card opens: the membership's card in `program`, with the programme's
 * size and reward copied into it (editing the programme later changes only cards opened after).
 * A membership holds one open card per programme (unique index): when one is open it is returned
 * (`ifOpen: "reuse"`, joining and stamping) or refused with 409 `card_already_open`
 * (`ifOpen: "refuse"`, staff opening a card). An archived programme opens no card (409
 * `program_archived`), but its open cards are still returned. Safe to repeat and to race.
 * Call it inside the caller's transaction.
 */
export async function openCard(
  tx: Db,
  { membership, program }: { membership: CardMember; program: CardProgram },
  { ifOpen = "reuse" }: { ifOpen?: "reuse" | "refuse" } = {},
): Promise<{ cardId: string; opened: boolean }> {
  if (program.companyId !== membership.companyId) {
    throw new AppError("not_found", 404, "Cartão não encontrado");
  }
  // A second round only when the card that blocked the insert was redeemed before the select.
  for (let round = 0; round < 2; round++) {
    const found = await tryOpenCard(tx, membership, program);
    if (found?.opened) return found;
    if (found) {
      if (ifOpen === "refuse") throw cardAlreadyOpen();
      return found;
    }
    if (program.archivedAt) throw programArchived();
  }
  throw new AppError("internal_error", 500, "Could not open the card");
}

async function tryOpenCard(
  tx: Db,
  membership: CardMember,
  program: CardProgram,
): Promise<{ cardId: string; opened: boolean } | null> {
  if (!program.archivedAt) {
    const [inserted] = await tx
      .insert(loyaltyCards)
      .values({
        id: randomUUID(),
        membershipId: membership.id,
        companyId: membership.companyId,
        customerId: membership.customerId,
        programId: program.id,
        maxStamps: program.stampsRequired,
        reward: program.reward,
      })
      .onConflictDoNothing()
      .returning({ id: loyaltyCards.id });
    if (inserted) return { cardId: inserted.id, opened: true };
  }
  const [open] = await tx
    .select({ id: loyaltyCards.id })
    .from(loyaltyCards)
    .where(
      and(
        eq(loyaltyCards.membershipId, membership.id),
        eq(loyaltyCards.programId, program.id),
        ne(loyaltyCards.status, "redeemed"),
      ),
    )
    .limit(1);
  return open ? { cardId: open.id, opened: false } : null;
}

/** The company's membership of a customer, or 404 (another company's customer included). */
async function findCompanyMembership(db: Db, companyId: string, customerId: string) {
  const [row] = await db
    .select({
      id: memberships.id,
      companyId: memberships.companyId,
      customerId: memberships.customerId,
      status: memberships.status,
    })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)))
    .limit(1);
  if (!row) throw new AppError("not_found", 404, "Cliente não encontrado");
  return row;
}

/**
 * Staff open a card of another programme for a member (e.g. 'Barba' beside 'Corte de cabelo'):
 * the customer and the programme are looked up within the company (404 otherwise); a card already
 * open in that programme is 409 `card_already_open`, an archived programme 409 `program_archived`.
 */
export async function openCardForCustomer(
  db: Db,
  companyId: string,
  customerId: string,
  programId: string,
): Promise<CompanyCard> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const membership = await findCompanyMembership(tx, companyId, customerId);
    if (membership.status !== "active")
      throw new AppError("customer_inactive", 409, "Este cliente está inativo.");
    const program = await findProgram(tx, companyId, programId);
    const { cardId } = await openCard(tx, { membership, program }, { ifOpen: "refuse" });
    return getCompanyCard(tx, companyId, cardId);
  });
}
