/**
 * A company's team ('Equipe'): who may do what. This is the one permission table: the server's
 * guard (`requireCompanyActor(db, user, permission)`) and the panel's sidebar and page guard both
 * read it. An account's own security (password, two-factor, its access log) is every member's own,
 * not a permission.
 */
export const MEMBER_ROLES = ["owner", "manager", "attendant"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const PERMISSIONS = {
  /** The counter: find a customer (scan, code, name), give a stamp, redeem, that customer's card. */
  counter: ["owner", "manager", "attendant"],
  /** Giving a stamp past the counter's interval or daily cap, with a reason (kept on the stamp). */
  stampOverride: ["owner", "manager"],
  /** The dashboard and the bell. */
  dashboard: ["owner", "manager"],
  /** Customers: the list, details, export, 'Novo Cliente', customer invitations, status. */
  customers: ["owner", "manager"],
  /** Programmes ('Cartões'), cards, vouchers, loyalty and referral rules, promotions. */
  programs: ["owner", "manager"],
  claims: ["owner", "manager"],
  messages: ["owner", "manager"],
  partnerships: ["owner", "manager"],
  reports: ["owner", "manager"],
  /** Company data, notification and appearance settings, interests. */
  settings: ["owner", "manager"],
  /** The team itself, locations, the activity list. */
  team: ["owner"],
  /** Plan, subscription, invoices. */
  billing: ["owner"],
  backup: ["owner"],
  /** IA Suprema: the assistant's settings and the channels' secrets. */
  assistant: ["owner"],
  /** 'Integrações': API keys, webhooks, the API's access log and test data. */
  integrations: ["owner"],
} as const satisfies Record<string, readonly MemberRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: MemberRole | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly MemberRole[]).includes(role);
}

/** Where a member lands after signing in: an attendant works at the counter. */
export function memberHome(role: MemberRole): "/balcao" | "/dashboard" {
  return can(role, "dashboard") ? "/dashboard" : "/balcao";
}
