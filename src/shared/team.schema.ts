import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "./limits";
// The roles and the permission table live in team-permissions.ts (no zod: the sign-in entry reads
// where a member lands).
import { MEMBER_ROLES } from "./team-permissions";
import { text } from "./text";

export const MemberRoleSchema = z.enum(MEMBER_ROLES);

export const TeamMemberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: MemberRoleSchema,
  locationId: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

// ---------------------------------------------------------------------------------------------
// The team's API: members, invitations, shops ('Unidades') and the activity list (/equipe), and
// the invitee's side (/equipe/convite). Messages are keys of the `validation` namespace.

/** How long an invitation's link works. */
export const STAFF_INVITATION_TTL_DAYS = 7;
/** Invitations (and resends) a company may send in 24 hours (429 `team_invitations_limited`). */
export const STAFF_INVITATIONS_PER_DAY = 20;

/** The activity list: days shown by default and at most. */
export const TEAM_ACTIVITY_DEFAULT_DAYS = 14;
export const TEAM_ACTIVITY_MAX_DAYS = 60;
/**
 * A member's stamps today are flagged past FACTOR × their daily average over the BASELINE_DAYS
 * before today (only the days they were in the team count); the average is taken as at least
 * MIN_AVERAGE, so a member with little or no history is flagged only past 3 × 3 = 9 stamps a day.
 */
export const TEAM_ACTIVITY_FLAG_FACTOR = 3;
export const TEAM_ACTIVITY_BASELINE_DAYS = 14;
export const TEAM_ACTIVITY_FLAG_MIN_AVERAGE = 3;

const LOCATION_NAME_MAX_LENGTH = 80;
const LOCATION_ADDRESS_MAX_LENGTH = 200;
/**
 * An e-mail as auth.schema.ts's EmailSchema checks it (that file imports this one, so the rule is
 * written here again): trimmed, lower-cased, at most EMAIL_MAX_LENGTH characters.
 */
const StaffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "email_required")
  .max(EMAIL_MAX_LENGTH, "email_invalid")
  .pipe(z.email("email_invalid"));

const roleField = z.enum(MEMBER_ROLES, "member_role_invalid");
/** A shop of the company; empty or null: none. */
const locationField = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((value) => value || null);

/** 'Convidar': the person's e-mail, their role and (with 2+ shops) their shop. */
export const CreateStaffInvitationSchema = z.object({
  email: StaffEmailSchema,
  role: roleField,
  locationId: locationField,
});
export type CreateStaffInvitation = z.input<typeof CreateStaffInvitationSchema>;

/** A member's role and shop changed by the owner (either may be left out). */
export const UpdateTeamMemberSchema = z.object({
  role: roleField.optional(),
  locationId: locationField.optional(),
});
export type UpdateTeamMember = z.input<typeof UpdateTeamMemberSchema>;

/** A shop ('Unidade'): a name and an optional address. */
export const SaveLocationSchema = z.object({
  name: text()
    .trim()
    .min(1, "location_name_required")
    .max(LOCATION_NAME_MAX_LENGTH, "name_too_long"),
  address: text()
    .trim()
    .max(LOCATION_ADDRESS_MAX_LENGTH, "too_long")
    .nullish()
    .transform((value) => value || null),
});
export type SaveLocation = z.input<typeof SaveLocationSchema>;

export const LocationSchema = z
  .object({ id: z.string(), name: z.string(), address: z.string().nullable() })
  .meta({ id: "Location" });
export type Location = z.infer<typeof LocationSchema>;

/** An invitation not accepted or cancelled yet; `expired` ones can be resent. */
export const StaffInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: MemberRoleSchema,
    locationId: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
    expired: z.boolean(),
  })
  .meta({ id: "StaffInvitation" });
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;

/** GET /api/team: the members ('since' is `createdAt`), open invitations and shops. */
export const TeamSchema = z
  .object({
    members: z.array(TeamMemberSchema),
    invitations: z.array(StaffInvitationSchema),
    locations: z.array(LocationSchema),
  })
  .meta({ id: "Team" });
export type Team = z.infer<typeof TeamSchema>;

export const StaffInvitationTokenSchema = z.string().trim().min(20).max(200);

/**
 * /equipe/convite: the invitation behind a link, to whoever holds it (the e-mail's owner).
 * `account`: `none` — create a password here; `admin` — sign in to accept; `customer` — the e-mail
 * is a customer's account, which cannot join a team.
 */
export const StaffInvitationDetailsSchema = z
  .object({
    companyName: z.string(),
    role: MemberRoleSchema,
    email: z.string(),
    account: z.enum(["none", "admin", "customer"]),
  })
  .meta({ id: "StaffInvitationDetails" });
export type StaffInvitationDetails = z.infer<typeof StaffInvitationDetailsSchema>;

/** /equipe/convite without an account: a name and a password (the e-mail is the invitation's). */
export const StaffInvitationSignUpSchema = z.object({
  token: StaffInvitationTokenSchema,
  name: text().trim().min(1, "name_required").max(NAME_MAX_LENGTH, "name_too_long"),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, "password_too_short")
    .max(PASSWORD_MAX_LENGTH, "password_too_long"),
});
export type StaffInvitationSignUp = z.infer<typeof StaffInvitationSignUpSchema>;

export const StaffInvitationTokenBodySchema = z.object({ token: StaffInvitationTokenSchema });

/** An invitation accepted: the member's company and role (their home is `memberHome(role)`). */
export const StaffInvitationAcceptedSchema = z
  .object({ companyId: z.string(), companyName: z.string(), role: MemberRoleSchema })
  .meta({ id: "StaffInvitationAccepted" });
export type StaffInvitationAccepted = z.infer<typeof StaffInvitationAcceptedSchema>;

export const TeamActivityQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(TEAM_ACTIVITY_MAX_DAYS)
    .default(TEAM_ACTIVITY_DEFAULT_DAYS),
});

/**
 * One member's day (São Paulo): stamps given (approved, by them) and cards redeemed. Today's row
 * carries the member's daily `average` over the days before and `flagged` when the stamps pass
 * TEAM_ACTIVITY_FLAG_FACTOR × it.
 */
export const TeamActivityRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  day: z.string(),
  stamps: z.number().int(),
  redemptions: z.number().int(),
  average: z.number().nullable(),
  flagged: z.boolean(),
});
export type TeamActivityRow = z.infer<typeof TeamActivityRowSchema>;

/** The activity list, newest day first, then by name; days without activity are left out. */
export const TeamActivitySchema = z
  .object({ today: z.string(), days: z.number().int(), rows: z.array(TeamActivityRowSchema) })
  .meta({ id: "TeamActivity" });
export type TeamActivity = z.infer<typeof TeamActivitySchema>;
