import { ACCOUNT_DELETED_NOTIFICATION_DAYS } from "@shared/notifications.schema";
import type { AccountDeletion, DataHolder } from "@shared/privacy.schema";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { privacyRequestCompanies, privacyRequests } from "./privacy.table";

/** The account's deletion asked for and still in its grace period, or null. */
export async function findPendingDeletion(db: Db, userId: string): Promise<AccountDeletion | null> {
  const [row] = await db
    .select({
      id: privacyRequests.id,
      requestedAt: privacyRequests.requestedAt,
      dueAt: privacyRequests.dueAt,
    })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.userId, userId),
        eq(privacyRequests.kind, "delete_account"),
        eq(privacyRequests.state, "pending"),
      ),
    )
    .limit(1);
  if (!row?.dueAt) return null;
  return {
    id: row.id,
    requestedAt: row.requestedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
  };
}

/**
 * 'Quem tem meus dados': each company whose programme the person is in, how they joined, and what
 * that company sees of them (its own record first, as its screens show it).
 */
export async function listDataHolders(db: Db, userId: string): Promise<DataHolder[]> {
  const rows = await db.execute<{
    company_id: string;
    trade_name: string;
    logo_url: string | null;
    joined_at: string;
    origin: string | null;
    closed_at: string | null;
    name: string;
    email: string;
    phone: string | null;
    birth_date: string | null;
    city: string | null;
    state: string | null;
    cards: number;
    stamps: number;
    messages: number;
    claims: number;
    consent_text: string | null;
    consent_at: string | null;
  }>(sql`
    select c.id as company_id, c.trade_name, c.logo_url, m.joined_at, m.origin, c.closed_at,
      p.name, p.email, coalesce(m.phone, p.phone) as phone,
      coalesce(m.birth_date, p.birth_date)::text as birth_date,
      coalesce(m.city, p.city) as city, coalesce(m.state, p.state) as state,
      (select count(*)::int from loyalty_cards lc where lc.membership_id = m.id) as cards,
      (select coalesce(sum(s.count), 0)::int from stamps s
        where s.company_id = m.company_id and s.customer_id = m.customer_id
          and s.status = 'approved') as stamps,
      (select count(*)::int from customer_messages cm
        where cm.company_id = m.company_id and cm.customer_id = m.customer_id) as messages,
      (select count(*)::int from stamps s
        where s.company_id = m.company_id and s.customer_id = m.customer_id and s.claimed)
        as claims,
      mc.consent_text, mc.granted_at as consent_at
    from memberships m
    join companies c on c.id = m.company_id
    join profiles p on p.id = m.customer_id
    left join marketing_consents mc on mc.customer_id = m.customer_id
      and mc.company_id = m.company_id and mc.revoked_at is null
    where m.customer_id = ${userId} and m.status <> 'left' and c.sandbox_of is null
    order by m.joined_at desc`);
  return rows.rows.map((r) => ({
    companyId: r.company_id,
    tradeName: r.trade_name,
    logoUrl: r.logo_url,
    joinedAt: iso(r.joined_at),
    origin: r.origin,
    closedAt: r.closed_at ? iso(r.closed_at) : null,
    sees: {
      name: r.name,
      email: r.email,
      phone: r.phone,
      birthDate: r.birth_date,
      city: r.city,
      state: r.state,
      cards: r.cards,
      stamps: r.stamps,
      messages: r.messages,
      claims: r.claims,
      marketingConsent:
        r.consent_text && r.consent_at
          ? { text: r.consent_text, grantedAt: iso(r.consent_at) }
          : null,
    },
  }));
}

/** The consents in one place, and every change of them (newest first, the last 100). */
export async function findConsents(db: Db, userId: string, holders: DataHolder[]) {
  const [state] = (
    await db.execute<{ devices: number; wallet: boolean; passes: number }>(sql`
      select
        (select count(*)::int from push_subscriptions ps where ps.user_id = ${userId}) as devices,
        (select p.wallet_updates from profiles p where p.id = ${userId}) as wallet,
        (select count(*)::int from apple_passes ap join loyalty_cards lc on lc.id = ap.card_id
          where lc.customer_id = ${userId}) as passes`)
  ).rows;
  const history = await db.execute<{
    kind: "marketing" | "push" | "wallet";
    company_name: string | null;
    granted: boolean;
    source: string;
    at: string;
  }>(sql`
    select * from (
      select cr.kind::text as kind, c.trade_name as company_name, cr.granted, cr.source,
        cr.created_at as at
      from consent_records cr left join companies c on c.id = cr.company_id
      where cr.user_id = ${userId}
      union all
      select 'marketing', c.trade_name, true, mc.source, mc.granted_at
      from marketing_consents mc join companies c on c.id = mc.company_id
      where mc.customer_id = ${userId}
      union all
      select 'marketing', c.trade_name, false, coalesce(mc.revoked_via, 'settings'), mc.revoked_at
      from marketing_consents mc join companies c on c.id = mc.company_id
      where mc.customer_id = ${userId} and mc.revoked_at is not null
    ) h order by at desc limit 100`);
  return {
    push: { enabled: (state?.devices ?? 0) > 0, devices: state?.devices ?? 0 },
    wallet: { enabled: state?.wallet ?? true, passes: state?.passes ?? 0 },
    marketing: holders.map((h) => ({
      companyId: h.companyId,
      tradeName: h.tradeName,
      granted: h.sees.marketingConsent !== null,
      text: h.sees.marketingConsent?.text ?? null,
      grantedAt: h.sees.marketingConsent?.grantedAt ?? null,
    })),
    history: history.rows.map((r) => ({
      kind: r.kind,
      companyName: r.company_name,
      granted: r.granted,
      source: r.source,
      at: iso(r.at),
    })),
  };
}

/** A timestamp as the driver gives it (a Date on node-postgres, text on PGlite) in ISO form. */
const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * Members of the company whose accounts were deleted in the last days (the bell's "Um cliente
 * excluiu a conta"): the requests' ids and times only, naming no one.
 */
export async function listRecentAccountDeletions(db: Db, companyId: string, limit: number) {
  return db
    .select({ id: privacyRequests.id, completedAt: privacyRequests.completedAt })
    .from(privacyRequests)
    .innerJoin(privacyRequestCompanies, eq(privacyRequestCompanies.requestId, privacyRequests.id))
    .where(
      and(
        eq(privacyRequestCompanies.companyId, companyId),
        eq(privacyRequests.kind, "delete_account"),
        eq(privacyRequests.state, "done"),
        gt(
          privacyRequests.completedAt,
          sql`now() - make_interval(days => ${ACCOUNT_DELETED_NOTIFICATION_DAYS})`,
        ),
      ),
    )
    .orderBy(desc(privacyRequests.completedAt))
    .limit(limit);
}
