/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const teamKeys = {
  all: ["team"] as const,
  /** /equipe: members, open invitations and shops. */
  team: () => [...teamKeys.all, "members"] as const,
  activity: (days: number) => [...teamKeys.all, "activity", days] as const,
  /** /equipe/convite: the invitation behind a link. */
  invitation: (token: string) => ["staff-invitation", token] as const,
};

export const teamMutations = {
  /** A member's role or shop: the signed-in owner's own role may change. */
  updateMember: [...teamKeys.all, "update-member"] as const,
  /** A member removed: the signed-in owner may remove themselves. */
  removeMember: [...teamKeys.all, "remove-member"] as const,
  /** The invited person's account made and signed in. */
  signUp: ["staff-invitation", "sign-up"] as const,
  /** The signed-in account joins the team. */
  accept: ["staff-invitation", "accept"] as const,
};
