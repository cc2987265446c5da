/**
 * The read model of a person's data download ('Baixar meus dados', issue 34): everything the
 * product holds about one customer (user id = profile id), read across the modules' tables, read
 * only. Memberships, cards, stamps and referrals are read by the person's own id: a programme they
 * left was re-pointed to an `anon_…` id and is no longer theirs. personal-export.ts zips it.
 */
import { and, asc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { marketingConsents } from "../assistant/assistant.table";
import { users } from "../auth/auth.table";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { memberships } from "../customers/memberships.table";
import { files } from "../files/files.table";
import { interestReplies, interests } from "../interests/interests.table";
import { customerMessages } from "../messages/messages.table";
import { programs } from "../programs/programs.table";
import { pushSubscriptions } from "../push/push.table";
import { bonusEntries, referrals } from "../referrals/referrals.table";
import { signInEvents } from "../security/security.table";
import { stamps } from "../stamps/stamps.table";
import { locations } from "../team/team.table";
import { consentRecords } from "./privacy.table";

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** Where an uploaded file (a claim's receipt) sits in the zip: `arquivos/<id>.<ext>`. */
export const exportFilePath = (id: string, contentType: string) =>
  `arquivos/${id.replace(/[^\w-]/g, "_")}.${EXTENSIONS[contentType] ?? "bin"}`;

/** The account and its profile (null: no such customer). */
async function readProfile(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      email: profiles.email,
      emailVerified: users.emailVerified,
      phone: profiles.phone,
      birthDate: profiles.birthDate,
      city: profiles.city,
      state: profiles.state,
      language: profiles.language,
      theme: profiles.theme,
      origin: profiles.origin,
      originChannel: profiles.originChannel,
      emailReplies: profiles.emailReplies,
      emailCompletedCards: profiles.emailCompletedCards,
      emailRefusedClaims: profiles.emailRefusedClaims,
      walletUpdates: profiles.walletUpdates,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: profiles.createdAt,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId));
  return row ?? null;
}

const readMemberships = (db: Db, userId: string) =>
  db
    .select({
      companyId: memberships.companyId,
      companyName: companies.tradeName,
      status: memberships.status,
      origin: memberships.origin,
      joinedAt: memberships.joinedAt,
      companyPhone: memberships.phone,
      companyBirthDate: memberships.birthDate,
      companyCity: memberships.city,
      companyState: memberships.state,
      companyNotes: memberships.notes,
      companyClosedAt: companies.closedAt,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.customerId, userId))
    .orderBy(asc(memberships.joinedAt));

const readCards = (db: Db, userId: string) =>
  db
    .select({
      id: loyaltyCards.id,
      companyId: loyaltyCards.companyId,
      companyName: companies.tradeName,
      programName: programs.name,
      stamps: loyaltyCards.stamps,
      maxStamps: loyaltyCards.maxStamps,
      reward: loyaltyCards.reward,
      status: loyaltyCards.status,
      createdAt: loyaltyCards.createdAt,
      completedAt: loyaltyCards.completedAt,
      redeemedAt: loyaltyCards.redeemedAt,
    })
    .from(loyaltyCards)
    .innerJoin(companies, eq(companies.id, loyaltyCards.companyId))
    .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
    .where(eq(loyaltyCards.customerId, userId))
    .orderBy(asc(loyaltyCards.createdAt), asc(loyaltyCards.id));

const readStamps = (db: Db, userId: string) =>
  db
    .select({
      id: stamps.id,
      cardId: stamps.cardId,
      companyId: stamps.companyId,
      companyName: companies.tradeName,
      method: stamps.method,
      count: stamps.count,
      status: stamps.status,
      claimed: stamps.claimed,
      notes: stamps.notes,
      amountCents: stamps.amountCents,
      locationName: locations.name,
      createdAt: stamps.createdAt,
      approvedAt: stamps.approvedAt,
      network: stamps.network,
      link: stamps.link,
      rejectionReason: stamps.rejectionReason,
      reviewedAt: stamps.reviewedAt,
      fileId: stamps.fileId,
      fileType: files.contentType,
    })
    .from(stamps)
    .innerJoin(companies, eq(companies.id, stamps.companyId))
    .leftJoin(locations, eq(locations.id, stamps.locationId))
    .leftJoin(files, eq(files.id, stamps.fileId))
    .where(eq(stamps.customerId, userId))
    .orderBy(asc(stamps.createdAt), asc(stamps.id));

const readRedemptions = (db: Db, userId: string) =>
  db
    .select({
      cardId: loyaltyCards.id,
      companyId: loyaltyCards.companyId,
      companyName: companies.tradeName,
      reward: loyaltyCards.reward,
      redeemedAt: loyaltyCards.redeemedAt,
      locationName: locations.name,
      bonusType: loyaltyCards.redemptionBonusType,
      notes: loyaltyCards.redemptionNotes,
    })
    .from(loyaltyCards)
    .innerJoin(companies, eq(companies.id, loyaltyCards.companyId))
    .leftJoin(locations, eq(locations.id, loyaltyCards.redeemedLocationId))
    .where(and(eq(loyaltyCards.customerId, userId), isNotNull(loyaltyCards.redeemedAt)))
    .orderBy(asc(loyaltyCards.redeemedAt), asc(loyaltyCards.id));

const readMessages = (db: Db, userId: string) =>
  db
    .select({
      id: customerMessages.id,
      companyId: customerMessages.companyId,
      companyName: companies.tradeName,
      sender: customerMessages.sender,
      subject: customerMessages.subject,
      body: customerMessages.body,
      replyToId: customerMessages.replyToId,
      assistantName: customerMessages.assistantName,
      status: customerMessages.status,
      createdAt: customerMessages.createdAt,
    })
    .from(customerMessages)
    .innerJoin(companies, eq(companies.id, customerMessages.companyId))
    .where(eq(customerMessages.customerId, userId))
    .orderBy(asc(customerMessages.createdAt), asc(customerMessages.id));

async function readReferrals(db: Db, userId: string) {
  const rows = await db
    .select({
      id: referrals.id,
      companyId: referrals.companyId,
      companyName: companies.tradeName,
      referrerId: referrals.referrerId,
      state: referrals.state,
      ipAddress: referrals.ipAddress,
      referredStamps: referrals.referredStamps,
      referredBonusCents: referrals.referredBonusCents,
      referrerStamps: referrals.referrerStamps,
      referrerBonusCents: referrals.referrerBonusCents,
      createdAt: referrals.createdAt,
      qualifiedAt: referrals.qualifiedAt,
      rewardedAt: referrals.rewardedAt,
    })
    .from(referrals)
    .innerJoin(companies, eq(companies.id, referrals.companyId))
    .where(or(eq(referrals.referrerId, userId), eq(referrals.referredId, userId)))
    .orderBy(asc(referrals.createdAt), asc(referrals.id));
  // Only the person's own side: the friend's IP address is the friend's data, not theirs.
  return rows.map(({ referrerId, ipAddress, ...r }) => {
    const referrer = referrerId === userId;
    return {
      id: r.id,
      companyId: r.companyId,
      companyName: r.companyName,
      role: referrer ? ("referrer" as const) : ("referred" as const),
      state: r.state,
      stampsReceived: referrer ? r.referrerStamps : r.referredStamps,
      bonusCentsReceived: referrer ? r.referrerBonusCents : r.referredBonusCents,
      signUpIpAddress: referrer ? null : ipAddress,
      createdAt: r.createdAt,
      qualifiedAt: r.qualifiedAt,
      rewardedAt: r.rewardedAt,
    };
  });
}

const readBonusEntries = (db: Db, userId: string) =>
  db
    .select({
      companyId: bonusEntries.companyId,
      companyName: companies.tradeName,
      kind: bonusEntries.kind,
      amountCents: bonusEntries.amountCents,
      note: bonusEntries.note,
      createdAt: bonusEntries.createdAt,
    })
    .from(bonusEntries)
    .innerJoin(companies, eq(companies.id, bonusEntries.companyId))
    .where(eq(bonusEntries.customerId, userId))
    .orderBy(asc(bonusEntries.createdAt), asc(bonusEntries.id));

const readMarketingConsents = (db: Db, userId: string) =>
  db
    .select({
      companyId: marketingConsents.companyId,
      companyName: companies.tradeName,
      text: marketingConsents.consentText,
      source: marketingConsents.source,
      grantedAt: marketingConsents.grantedAt,
      revokedAt: marketingConsents.revokedAt,
      revokedVia: marketingConsents.revokedVia,
    })
    .from(marketingConsents)
    .innerJoin(companies, eq(companies.id, marketingConsents.companyId))
    .where(eq(marketingConsents.customerId, userId))
    .orderBy(asc(marketingConsents.grantedAt), asc(marketingConsents.id));

const readConsentRecords = (db: Db, userId: string) =>
  db
    .select({
      kind: consentRecords.kind,
      companyId: consentRecords.companyId,
      companyName: companies.tradeName,
      granted: consentRecords.granted,
      source: consentRecords.source,
      createdAt: consentRecords.createdAt,
    })
    .from(consentRecords)
    .leftJoin(companies, eq(companies.id, consentRecords.companyId))
    .where(eq(consentRecords.userId, userId))
    .orderBy(asc(consentRecords.createdAt), asc(consentRecords.id));

const readSignIns = (db: Db, userId: string) =>
  db
    .select({
      createdAt: signInEvents.createdAt,
      success: signInEvents.success,
      failure: signInEvents.failure,
      ipAddress: signInEvents.ipAddress,
      userAgent: signInEvents.userAgent,
    })
    .from(signInEvents)
    .where(eq(signInEvents.userId, userId))
    .orderBy(asc(signInEvents.createdAt), asc(signInEvents.id));

const readInterests = (db: Db, userId: string) =>
  db
    .select({
      id: interests.id,
      sector: interests.sector,
      city: interests.city,
      state: interests.state,
      description: interests.description,
      status: interests.status,
      createdAt: interests.createdAt,
    })
    .from(interests)
    .where(eq(interests.customerId, userId))
    .orderBy(asc(interests.createdAt), asc(interests.id));

const readInterestReplies = (db: Db, userId: string) =>
  db
    .select({
      interestId: interestReplies.interestId,
      companyId: interestReplies.companyId,
      companyName: companies.tradeName,
      body: interestReplies.body,
      createdAt: interestReplies.createdAt,
    })
    .from(interestReplies)
    .innerJoin(interests, eq(interests.id, interestReplies.interestId))
    .innerJoin(companies, eq(companies.id, interestReplies.companyId))
    .where(eq(interests.customerId, userId))
    .orderBy(asc(interestReplies.createdAt), asc(interestReplies.id));

/** The devices with push notices (never their keys or endpoint: they are the device's secret). */
const readPushDevices = (db: Db, userId: string) =>
  db
    .select({
      createdAt: pushSubscriptions.createdAt,
      userAgent: pushSubscriptions.userAgent,
      language: pushSubscriptions.language,
      kinds: pushSubscriptions.kinds,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));

/** Everything about the customer, one array per section (null: no such customer). */
export async function readPersonalData(db: Db, userId: string) {
  const profile = await readProfile(db, userId);
  if (!profile) return null;
  const allStamps = await readStamps(db, userId);
  const claims = allStamps
    .filter((s) => s.claimed)
    .map((s) => ({
      id: s.id,
      cardId: s.cardId,
      companyId: s.companyId,
      companyName: s.companyName,
      method: s.method,
      status: s.status,
      network: s.network,
      link: s.link,
      file: s.fileId && s.fileType ? exportFilePath(s.fileId, s.fileType) : null,
      createdAt: s.createdAt,
      reviewedAt: s.reviewedAt,
      rejectionReason: s.rejectionReason,
    }));
  return {
    profile,
    memberships: await readMemberships(db, userId),
    cards: await readCards(db, userId),
    stamps: allStamps.map(
      ({ fileId: _f, fileType: _t, network: _n, link: _l, rejectionReason: _r, ...s }) => s,
    ),
    redemptions: await readRedemptions(db, userId),
    messages: await readMessages(db, userId),
    claims,
    referrals: await readReferrals(db, userId),
    bonusEntries: await readBonusEntries(db, userId),
    marketingConsents: await readMarketingConsents(db, userId),
    consentRecords: await readConsentRecords(db, userId),
    signIns: await readSignIns(db, userId),
    interests: await readInterests(db, userId),
    interestReplies: await readInterestReplies(db, userId),
    pushDevices: await readPushDevices(db, userId),
  };
}
export type PersonalData = NonNullable<Awaited<ReturnType<typeof readPersonalData>>>;

/** The uploaded files of the customer's claims (receipts), with their bytes. */
export async function readClaimFiles(db: Db, userId: string) {
  const ids = (
    await db
      .select({ fileId: stamps.fileId })
      .from(stamps)
      .where(and(eq(stamps.customerId, userId), eq(stamps.claimed, true), isNotNull(stamps.fileId)))
  ).flatMap((s) => (s.fileId ? [s.fileId] : []));
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id, contentType: files.contentType, data: files.data })
    .from(files)
    .where(inArray(files.id, ids))
    .orderBy(asc(files.createdAt), asc(files.id));
}

/** Who gets the 'Seus dados estão prontos' e-mail: name, address and language. */
export async function findExportRecipient(db: Db, userId: string) {
  const [row] = await db
    .select({ name: profiles.name, email: profiles.email, language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? null;
}
