import { randomUUID } from "node:crypto";
import { preview } from "@shared/messages.schema";
import {
  type MarketplacePage,
  type MarketplaceQuery,
  PARTNER_MESSAGES_PER_HOUR,
  PARTNERSHIP_REQUESTS_PER_DAY,
  type PartnerMessage,
  type Partnership,
  type PartnershipList,
  type PartnershipOverview,
  type PartnershipRequest,
  type PartnershipState,
  type PartnerThread,
} from "@shared/partnerships.schema";
import { PUSH_QUOTE_LENGTH } from "@shared/push.schema";
import { and, eq, exists, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { advisoryLock } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { AppError, isUniqueViolation } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { hitRateLimit } from "../../rate-limits";
import { findCompany, findPublicCompany, planStatus } from "../companies/companies.queries";
import { queueCompanyPush } from "../push/push.service";
import {
  countRequestsToday,
  findOpenPartnership,
  listMarketplace,
  listPartnershipViews,
  listThreadMessages,
  partnershipCounts,
} from "./partnerships.queries";
import { partnerMessages, partnerships } from "./partnerships.table";

/**
 * Partnerships between companies (issue 18): the settings, the marketplace, requests and their
 * answers, ending, the partner chat, and the partnership origin of customers. Every partnership is
 * looked up within the actor's company (either side): any other id is a 404.
 */

type Row = typeof partnerships.$inferSelect;

const notFound = () => new AppError("not_found", 404, "Partnership not found");
const stateConflict = (message: string) => new AppError("partnership_state_conflict", 409, message);
const unavailable = (message: string) => new AppError("partnership_unavailable", 409, message);
const alreadyExists = () =>
  new AppError(
    "partnership_exists",
    409,
    "The two companies already have a request or a partnership",
  );

/** The actor's company is one side of the partnership. */
const ofSide = (companyId: string) =>
  or(
    eq(partnerships.requesterCompanyId, companyId),
    eq(partnerships.recipientCompanyId, companyId),
  );

/** The partnership row locked until the transaction ends, within the actor's company (or 404). */
async function lockOwn(tx: Db, actor: CompanyActor, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(partnerships)
    .where(and(eq(partnerships.id, id), ofSide(actor.companyId)))
    .for("update");
  if (!row) throw notFound();
  return row;
}

/** The partnership as the actor's company sees it (404 when it is neither side). */
async function view(db: Db, actor: CompanyActor, id: string): Promise<Partnership> {
  const [partnership] = await listPartnershipViews(db, actor.companyId, { id });
  if (!partnership) throw notFound();
  return partnership;
}

/** A change of state under the row lock; `check` throws when the actor may not make it. */
async function transition(
  db: Db,
  actor: CompanyActor,
  id: string,
  check: (row: Row) => void,
  values: (now: Date, row: Row) => Partial<Row>,
): Promise<Partnership> {
  await db.transaction(async (tx) => {
    const row = await lockOwn(tx, actor, id);
    check(row);
    const now = new Date();
    await tx
      .update(partnerships)
      .set({ ...values(now, row), lastActivityAt: now })
      .where(eq(partnerships.id, id));
  });
  return view(db, actor, id);
}

// ---------------------------------------------------------------------------------------------
// Settings and marketplace

export async function getOverview(db: Db, actor: CompanyActor): Promise<PartnershipOverview> {
  const [company, counts] = await Promise.all([
    findCompany(db, actor.companyId),
    partnershipCounts(db, actor.companyId),
  ]);
  return {
    enabled: company?.partnershipEnabled ?? false,
    description: company?.partnershipDescription ?? null,
    ...counts,
    requestsPerDay: PARTNERSHIP_REQUESTS_PER_DAY,
  };
}

export const marketplace = (
  db: Db,
  actor: CompanyActor,
  query: MarketplaceQuery,
): Promise<MarketplacePage> => listMarketplace(db, actor.companyId, query);

// ---------------------------------------------------------------------------------------------
// Requests and their answers

/**
 * 'Solicitar Parceria'. The sender's own switch must be on (409 partnership_sender_inactive: the
 * sender's case, not the target's); the target must exist (404), be another company open to
 * partnerships, with a subscription it can use (409 partnership_unavailable);
 * one pending or active partnership per pair, whoever asked (409 partnership_exists: checked under
 * a lock on the pair, and the unique index decides a race); at most PARTNERSHIP_REQUESTS_PER_DAY
 * requests sent per São Paulo day (429, counted under a lock on the sender).
 */
export async function requestPartnership(
  db: Db,
  actor: CompanyActor,
  input: PartnershipRequest,
): Promise<Partnership> {
  const own = actor.companyId;
  if (!(await findPublicCompany(db, input.companyId)))
    throw new AppError("not_found", 404, "Company not found");
  if (input.companyId === own) throw unavailable("A company cannot partner with itself");
  const [target, mine] = await Promise.all([
    findCompany(db, input.companyId),
    findCompany(db, own),
  ]);
  if (!target) throw new AppError("not_found", 404, "Company not found");
  if (!mine?.partnershipEnabled)
    throw new AppError(
      "partnership_sender_inactive",
      409,
      "Switch your own partnerships on ('parceria_ativa') to send requests",
    );
  if (
    !target.partnershipEnabled ||
    !target.subscriptionActive ||
    planStatus(target, new Date()) === "expired"
  )
    throw unavailable("The company is not open to partnerships");

  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await advisoryLock(tx, `partnership-requests:${own}`);
      const [a, b] = [own, target.id].sort() as [string, string];
      await advisoryLock(tx, `partnership-pair:${a}:${b}`);
      if ((await countRequestsToday(tx, own)) >= PARTNERSHIP_REQUESTS_PER_DAY)
        throw new AppError(
          "rate_limited",
          429,
          "Limite diário de solicitações de parceria atingido. Tente novamente amanhã.",
        );
      if (await findOpenPartnership(tx, own, target.id)) throw alreadyExists();
      await tx.insert(partnerships).values({
        id,
        requesterCompanyId: own,
        recipientCompanyId: target.id,
        proposal: input.proposal,
      });
      // 'Pedido de parceria' on the target team's devices that switched it on.
      await queueCompanyPush(tx, "partnership", {
        companyId: target.id,
        fromCompanyId: own,
        quote: preview(input.proposal, PUSH_QUOTE_LENGTH),
        url: "/parceria",
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists();
    throw error;
  }
  return view(db, actor, id);
}

/**
 * Opening a request ('nova' → 'lida'): the recipient's first look sets readAt; the partnership as
 * the actor sees it.
 */
export async function openPartnership(
  db: Db,
  actor: CompanyActor,
  id: string,
): Promise<Partnership> {
  await markRequestsRead(db, actor.companyId, [id]);
  return view(db, actor, id);
}

/**
 * The recipient accepts (active for both, validatedAt now) or declines a pending request, once
 * ('respondida'): the row is locked, so of two answers at once one wins and the other is 409.
 * The requester answering its own request is 409 partnership_state_conflict too.
 */
export function answerPartnership(
  db: Db,
  actor: CompanyActor,
  id: string,
  accept: boolean,
): Promise<Partnership> {
  return transition(
    db,
    actor,
    id,
    (row) => {
      if (row.recipientCompanyId !== actor.companyId)
        throw stateConflict("Only the company that received the request answers it");
      if (row.state !== "pending") throw stateConflict("The request has already been answered");
    },
    (now, row) => ({
      state: accept ? "active" : "declined",
      answeredAt: now,
      answeredBy: actor.userId,
      readAt: row.readAt ?? now,
      validatedAt: accept ? now : null,
    }),
  );
}

/** The requester withdraws its pending request (cancelled); anything else is 409. */
export function cancelPartnership(db: Db, actor: CompanyActor, id: string): Promise<Partnership> {
  return transition(
    db,
    actor,
    id,
    (row) => {
      if (row.requesterCompanyId !== actor.companyId)
        throw stateConflict("Only the company that sent the request withdraws it");
      if (row.state !== "pending") throw stateConflict("The request is no longer pending");
    },
    () => ({ state: "cancelled" }),
  );
}

/** 'Encerrar': either side ends an active partnership, for both and for good. */
export function endPartnership(db: Db, actor: CompanyActor, id: string): Promise<Partnership> {
  return transition(
    db,
    actor,
    id,
    (row) => {
      if (row.state !== "active") throw stateConflict("Only an active partnership can be ended");
    },
    (now) => ({ state: "ended", endedAt: now, endedByCompanyId: actor.companyId }),
  );
}

const LIST_STATES: Record<string, PartnershipState[] | undefined> = {
  pending: ["pending"],
  active: ["active"],
  closed: ["declined", "cancelled", "ended"],
  all: undefined,
};

export async function listPartnerships(
  db: Db,
  actor: CompanyActor,
  state: "pending" | "active" | "closed" | "all",
): Promise<PartnershipList> {
  return {
    partnerships: await listPartnershipViews(db, actor.companyId, { states: LIST_STATES[state] }),
  };
}

/**
 * The bell's and the request's read mark: the company's received requests among `ids` still
 * unread become read ('lida'). Ids of other partnerships change nothing.
 */
export async function markRequestsRead(db: Db, companyId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(partnerships)
    .set({ readAt: new Date() })
    .where(
      and(
        inArray(partnerships.id, ids),
        eq(partnerships.recipientCompanyId, companyId),
        isNull(partnerships.readAt),
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// The chat

/**
 * The thread, oldest first (only what came after `after` when given: the open conversation polls
 * every PARTNER_CHAT_POLL_MS), after marking the partner's unread messages read ('lida').
 */
export async function readThread(
  db: Db,
  actor: CompanyActor,
  id: string,
  after?: string,
): Promise<PartnerThread> {
  // Marks only a thread of the actor's company (the partnership looked up as one side of it).
  await db
    .update(partnerMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(partnerMessages.partnershipId, id),
        ne(partnerMessages.senderCompanyId, actor.companyId),
        isNull(partnerMessages.readAt),
        exists(
          db
            .select({ id: partnerships.id })
            .from(partnerships)
            .where(and(eq(partnerships.id, id), ofSide(actor.companyId))),
        ),
      ),
    );
  const [partnership, messages] = await Promise.all([
    view(db, actor, id),
    listThreadMessages(db, id, actor.companyId, after),
  ]);
  return { partnership, messages };
}

/**
 * A message of the thread, while the partnership is active: a pending request carries only its
 * proposal (409 partnership_state_conflict before the answer and after the end), and a company
 * writes at most PARTNER_MESSAGES_PER_HOUR messages an hour over all its threads (429
 * partner_messages_limited; counted in the message's transaction, so a refused one does not
 * count). Written under
 * the partnership's row lock with the clock read after it, so a thread's messages are committed in
 * the order of their times and a poll `after` the newest one seen never skips one.
 */
export async function postMessage(
  db: Db,
  actor: CompanyActor,
  id: string,
  body: string,
): Promise<PartnerMessage> {
  const row = await db.transaction(async (tx) => {
    const partnership = await lockOwn(tx, actor, id);
    if (partnership.state === "pending")
      throw stateConflict("The conversation opens once the request is accepted");
    if (partnership.state !== "active") throw stateConflict("The conversation is closed");
    const key = `partner-messages:${actor.companyId}`;
    const rule = {
      bucket: "partner-messages",
      max: PARTNER_MESSAGES_PER_HOUR,
      windowSeconds: 3600,
    };
    if (!(await hitRateLimit(tx, key, rule)))
      throw new AppError(
        "partner_messages_limited",
        429,
        `At most ${PARTNER_MESSAGES_PER_HOUR} partner messages an hour per company`,
        { max: String(PARTNER_MESSAGES_PER_HOUR) },
      );
    const [message] = await tx
      .insert(partnerMessages)
      .values({
        id: randomUUID(),
        partnershipId: id,
        senderCompanyId: actor.companyId,
        senderUserId: actor.userId,
        body,
        createdAt: sql`clock_timestamp()`,
      })
      .returning();
    await tx
      .update(partnerships)
      .set({ lastActivityAt: message!.createdAt })
      .where(eq(partnerships.id, id));
    return message!;
  });
  return {
    id: row.id,
    body: row.body,
    fromMe: true,
    senderCompanyId: row.senderCompanyId,
    createdAt: row.createdAt.toISOString(),
    readAt: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Customers sent by partners
