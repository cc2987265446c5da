import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  type CreateStaffInvitation,
  CreateStaffInvitationSchema,
  type Location,
  type SaveLocation,
  SaveLocationSchema,
  STAFF_INVITATION_TTL_DAYS,
  STAFF_INVITATIONS_PER_DAY,
  type StaffInvitation,
  type TeamMember,
  type UpdateTeamMember,
  UpdateTeamMemberSchema,
} from "@shared/team.schema";
import type { MemberRole } from "@shared/team-permissions";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { EMAIL_SEND_LIMITS, enforceRateLimit, hitRateLimit } from "../../rate-limits";
import { staffInvitationEmail } from "../mail/mail.service";
import { queueEmail } from "../mail/outbox";
import {
  findInvitationByHash,
  findTeamMember,
  invitationSender,
  isCompanyLocation,
  isInTeam,
  openInvitation,
  type StaffInvitationRow,
  toStaffInvitation,
} from "./team.queries";
import { companyMembers, locations, staffInvitations } from "./team.table";

/** The team module's writes: members, invitations to the team, locations. */

export type TeamDeps = { db: Db; appUrl: string };

const DAY_MS = 24 * 60 * 60 * 1000;

export async function addMember(
  tx: Db | Tx,
  member: { companyId: string; userId: string; role: MemberRole; locationId?: string | null },
) {
  const id = crypto.randomUUID();
  await tx.insert(companyMembers).values({ id, ...member });
  return id;
}

const notFound = (what: string) => new AppError("not_found", 404, `${what} not found.`);

// ---------------------------------------------------------------------------------------------
// Invitations

export const hashStaffToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The public page where the invited person answers (/equipe/convite). */
export const staffInvitationUrl = (appUrl: string, token: string) =>
  `${appUrl}/equipe/convite?token=${encodeURIComponent(token)}`;

/** A fresh link: the token to e-mail, its hash to keep, its expiry. */
function newLink() {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    tokenHash: hashStaffToken(token),
    expiresAt: new Date(Date.now() + STAFF_INVITATION_TTL_DAYS * DAY_MS),
    createdAt: new Date(),
  };
}

/**
 * One invitation e-mail counted: the company's STAFF_INVITATIONS_PER_DAY (429
 * `team_invitations_limited`), then the app-wide limit per recipient address (429
 * `rate_limited`). Counted alike for every address, so a refusal says nothing about accounts.
 */
async function countInvitation(db: Db, companyId: string, email: string) {
  const allowed = await hitRateLimit(db, `staff-invitation:${companyId}`, {
    bucket: "staff-invitation",
    max: STAFF_INVITATIONS_PER_DAY,
    windowSeconds: DAY_MS / 1000,
  });
  if (!allowed) {
    throw new AppError("team_invitations_limited", 429, "Too many team invitations today.");
  }
  const perAddress = EMAIL_SEND_LIMITS.perAddress;
  await enforceRateLimit(db, `${perAddress.bucket}:${email.toLowerCase()}`, perAddress);
}

async function invitationMail(
  deps: TeamDeps,
  actor: CompanyActor,
  invitation: { email: string; role: MemberRole; token: string },
) {
  const sender = await invitationSender(deps.db, actor.companyId, actor.userId);
  return staffInvitationEmail({
    to: invitation.email,
    ...sender,
    role: invitation.role,
    url: staffInvitationUrl(deps.appUrl, invitation.token),
    days: STAFF_INVITATION_TTL_DAYS,
  });
}

async function checkLocation(db: Db, companyId: string, locationId: string | null | undefined) {
  if (locationId && !(await isCompanyLocation(db, companyId, locationId))) {
    throw notFound("Location");
  }
}

/**
 * 'Convidar': e-mails the person a link to join the team with `role`. An e-mail already in this
 * team is 409 `already_in_team`; otherwise the answer is the same for every e-mail (an account
 * elsewhere, a customer's, or none). An open invitation of the company to the same e-mail is
 * renewed (new link, role, shop and expiry): the old link stops working.
 */
export async function inviteStaff(
  deps: TeamDeps,
  actor: CompanyActor,
  body: CreateStaffInvitation,
): Promise<StaffInvitation> {
  const { db } = deps;
  const input = CreateStaffInvitationSchema.parse(body);
  await checkLocation(db, actor.companyId, input.locationId);
  if (await isInTeam(db, actor.companyId, input.email)) {
    throw new AppError("already_in_team", 409, "This e-mail is already in the team.");
  }
  await countInvitation(db, actor.companyId, input.email);
  const { token, ...link } = newLink();
  const mail = await invitationMail(deps, actor, { ...input, token });
  const values = {
    ...link,
    role: input.role,
    locationId: input.locationId,
    invitedBy: actor.userId,
  };
  // The invitation and its e-mail (in the outbox) are written together, or neither is.
  const row = await db.transaction(async (tx) => {
    await queueEmail(tx, mail);
    const [open] = await tx
      .select({ id: staffInvitations.id })
      .from(staffInvitations)
      .where(
        and(
          eq(staffInvitations.companyId, actor.companyId),
          eq(staffInvitations.email, input.email),
          openInvitation,
        ),
      )
      .for("update");
    if (open) {
      const [updated] = await tx
        .update(staffInvitations)
        .set(values)
        .where(eq(staffInvitations.id, open.id))
        .returning();
      return updated!;
    }
    const [inserted] = await tx
      .insert(staffInvitations)
      .values({ id: randomUUID(), companyId: actor.companyId, email: input.email, ...values })
      .returning();
    return inserted!;
  });
  return toStaffInvitation(row);
}

/** SQL: the company's invitation `id`, still open (pending or expired). */
const openOfCompany = (companyId: string, id: string) =>
  and(eq(staffInvitations.id, id), eq(staffInvitations.companyId, companyId), openInvitation);

/**
 * 'Reenviar': a new link (the old one stops working) and expiry, e-mailed again, counted in the
 * same daily limit. 404 for an invitation of another company, accepted or cancelled.
 */
export async function resendStaffInvitation(
  deps: TeamDeps,
  actor: CompanyActor,
  invitationId: string,
): Promise<StaffInvitation> {
  const { db } = deps;
  const [found] = await db
    .select()
    .from(staffInvitations)
    .where(openOfCompany(actor.companyId, invitationId))
    .limit(1);
  if (!found) throw notFound("Invitation");
  await countInvitation(db, actor.companyId, found.email);
  const { token, ...link } = newLink();
  const mail = await invitationMail(deps, actor, { ...found, token });
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(staffInvitations)
      .set(link)
      .where(openOfCompany(actor.companyId, invitationId))
      .returning();
    // Accepted or cancelled meanwhile: nothing is sent.
    if (!updated) throw notFound("Invitation");
    await queueEmail(tx, mail);
    return updated;
  });
  return toStaffInvitation(row);
}

/** 'Cancelar': the link stops working and the invitation leaves the list. */
export async function cancelStaffInvitation(db: Db, companyId: string, invitationId: string) {
  const canceled = await db
    .update(staffInvitations)
    .set({ canceledAt: sql`now()` })
    .where(openOfCompany(companyId, invitationId))
    .returning({ id: staffInvitations.id });
  if (canceled.length === 0) throw notFound("Invitation");
}

const invalidInvitation = (status: 404 | 410) =>
  new AppError(
    "staff_invitation_invalid",
    status,
    status === 404
      ? "Unknown invitation link."
      : "The invitation was already used, cancelled or has expired.",
  );

/** Why a found invitation cannot be used (410), or null when it can. */
const unusable = (row: StaffInvitationRow) =>
  row.acceptedAt || row.canceledAt || row.expiresAt.getTime() <= Date.now()
    ? invalidInvitation(410)
    : null;

/**
 * The invitation behind a link, usable: 404 `staff_invitation_invalid` for an unknown link, 410
 * for one accepted, cancelled or expired.
 */
export async function usableInvitation(db: Db, token: string): Promise<StaffInvitationRow> {
  const row = await findInvitationByHash(db, hashStaffToken(token));
  if (!row) throw invalidInvitation(404);
  const refusal = unusable(row);
  if (refusal) throw refusal;
  return row;
}

/** The same, locked inside the accepting transaction (flows/accept-staff-invitation.ts). */
export async function lockUsableInvitation(tx: Db, token: string): Promise<StaffInvitationRow> {
  const [row] = await tx
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashStaffToken(token)))
    .for("update");
  if (!row) throw invalidInvitation(404);
  const refusal = unusable(row);
  if (refusal) throw refusal;
  return row;
}

/** The invitation used: its link stops working. */
export async function markInvitationAccepted(tx: Db, invitationId: string) {
  await tx
    .update(staffInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(eq(staffInvitations.id, invitationId));
}

// ---------------------------------------------------------------------------------------------
// Members

const lastOwner = () =>
  new AppError("last_owner", 409, "The team's last owner must stay an owner.");

/**
 * The company's member rows, locked for the transaction (a role change or removal is decided on
 * them: two owners demoting each other at once cannot leave the team without one).
 */
async function lockMembers(tx: Db, companyId: string) {
  return tx
    .select({ id: companyMembers.id, userId: companyMembers.userId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(companyMembers.id)
    .for("update");
}

/**
 * A member's role or shop, changed by the owner; the role counts from the member's next request.
 * The last owner cannot be demoted (409 `last_owner`); another company's member is a 404.
 */
export async function updateMember(
  db: Db,
  companyId: string,
  memberId: string,
  body: UpdateTeamMember,
): Promise<TeamMember> {
  const input = UpdateTeamMemberSchema.parse(body);
  await checkLocation(db, companyId, input.locationId);
  await db.transaction(async (tx) => {
    const members = await lockMembers(tx, companyId);
    const member = members.find((m) => m.id === memberId);
    if (!member) throw notFound("Member");
    const owners = members.filter((m) => m.role === "owner").length;
    if (input.role && input.role !== "owner" && member.role === "owner" && owners <= 1) {
      throw lastOwner();
    }
    const changes = {
      ...(input.role ? { role: input.role } : {}),
      ...(input.locationId !== undefined ? { locationId: input.locationId } : {}),
    };
    if (Object.keys(changes).length > 0) {
      await tx.update(companyMembers).set(changes).where(eq(companyMembers.id, memberId));
    }
  });
  const member = await findTeamMember(db, companyId, memberId);
  if (!member) throw notFound("Member");
  return member;
}

/**
 * Takes a member out of the team inside the caller's transaction (flows/remove-team-member.ts
 * ends their sessions in the same one); returns their user id. The last owner stays (409
 * `last_owner`); another company's member is a 404.
 */
export async function removeMember(tx: Db, companyId: string, memberId: string): Promise<string> {
  const members = await lockMembers(tx, companyId);
  const member = members.find((m) => m.id === memberId);
  if (!member) throw notFound("Member");
  if (member.role === "owner" && members.filter((m) => m.role === "owner").length <= 1) {
    throw lastOwner();
  }
  await tx.delete(companyMembers).where(eq(companyMembers.id, memberId));
  return member.userId;
}

// ---------------------------------------------------------------------------------------------
// Locations ('Unidades')

const toLocation = (row: typeof locations.$inferSelect): Location => ({
  id: row.id,
  name: row.name,
  address: row.address,
});

export async function createLocation(
  db: Db,
  companyId: string,
  body: SaveLocation,
): Promise<Location> {
  const input = SaveLocationSchema.parse(body);
  const [row] = await db
    .insert(locations)
    .values({ id: randomUUID(), companyId, ...input })
    .returning();
  return toLocation(row!);
}

export async function updateLocation(
  db: Db,
  companyId: string,
  locationId: string,
  body: SaveLocation,
): Promise<Location> {
  const input = SaveLocationSchema.parse(body);
  const [row] = await db
    .update(locations)
    .set(input)
    .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)))
    .returning();
  if (!row) throw notFound("Location");
  return toLocation(row);
}

/**
 * A shop deleted: its members and invitations are tied to none (the foreign keys set null); the
 * stamps and redemptions given there keep its id.
 */
export async function deleteLocation(db: Db, companyId: string, locationId: string) {
  const deleted = await db
    .delete(locations)
    .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)))
    .returning({ id: locations.id });
  if (deleted.length === 0) throw notFound("Location");
}
