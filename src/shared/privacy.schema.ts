import { z } from "zod";

/**
 * The LGPD in the product (issue 34): a person sees who holds their data, downloads it, leaves a
 * programme, deletes the account, and withdraws consents; a company closes its account and lists
 * the data subjects' requests that touched it.
 */

/**
 * The customer id a member's rows (membership, cards, stamps, referrals) are re-pointed to once
 * they left the programme or deleted their account: `anon_` and a random UUID, naming no profile.
 */
export const ANON_ID_PREFIX = "anon_";

/** Days between 'Excluir minha conta' and the deletion itself (cancellable meanwhile). */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;
/** Days a closed company can be restored before its data is deleted (invoices kept). */
export const COMPANY_CLOSURE_DAYS = 30;
/** Downloads of one's data a person may ask for in 24 hours. */
export const PERSONAL_EXPORTS_PER_DAY = 3;
/** Hours a ready download stays available. */
export const PERSONAL_EXPORT_HOURS = 24;

/** What one company sees of the person (the values it would show, the company's record first). */
export const HolderViewSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birthDate: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  cards: z.number().int(),
  stamps: z.number().int(),
  messages: z.number().int(),
  claims: z.number().int(),
  /** The live marketing consent, with the exact text agreed to (null: none). */
  marketingConsent: z.object({ text: z.string(), grantedAt: z.string() }).nullable(),
});

/** A company whose programme the person joined ('Quem tem meus dados'). */
export const DataHolderSchema = z.object({
  companyId: z.string(),
  tradeName: z.string(),
  logoUrl: z.string().nullable(),
  joinedAt: z.string(),
  /** How they joined: the membership's origin code (e.g. `qrcode_empresa`, `parceria_…`). */
  origin: z.string().nullable(),
  /** The company closed its account: the programme ended on this day (cards read-only). */
  closedAt: z.string().nullable(),
  sees: HolderViewSchema,
});
export type DataHolder = z.infer<typeof DataHolderSchema>;

export const PersonalExportSchema = z.object({
  id: z.string(),
  state: z.enum(["pending", "ready", "failed"]),
  createdAt: z.string(),
  /** Set once ready: the link works until then. */
  expiresAt: z.string().nullable(),
  size: z.number().int().nullable(),
});
export type PersonalExport = z.infer<typeof PersonalExportSchema>;

export const AccountDeletionSchema = z.object({
  id: z.string(),
  requestedAt: z.string(),
  /** The account is deleted at this time unless cancelled first. */
  dueAt: z.string(),
});
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;

export const ConsentRecordSchema = z.object({
  kind: z.enum(["marketing", "push", "wallet"]),
  companyName: z.string().nullable(),
  granted: z.boolean(),
  source: z.string(),
  at: z.string(),
});

/** The consents in one place, each withdrawn with one switch. */
export const ConsentsSchema = z.object({
  /** Notices on this account's devices: on while one device is subscribed. */
  push: z.object({ enabled: z.boolean(), devices: z.number().int() }),
  /** Wallet passes kept updated (Apple, Google). */
  wallet: z.object({ enabled: z.boolean(), passes: z.number().int() }),
  marketing: z.array(
    z.object({
      companyId: z.string(),
      tradeName: z.string(),
      granted: z.boolean(),
      text: z.string().nullable(),
      grantedAt: z.string().nullable(),
    }),
  ),
  /** Every change, newest first (the last 100). */
  history: z.array(ConsentRecordSchema),
});
export type Consents = z.infer<typeof ConsentsSchema>;

/** GET /api/me/privacy: 'Meus dados'. */
export const MyPrivacySchema = z.object({
  holders: z.array(DataHolderSchema),
  exports: z.array(PersonalExportSchema),
  exportsLeftToday: z.number().int(),
  deletion: AccountDeletionSchema.nullable(),
  consents: ConsentsSchema,
});
export type MyPrivacy = z.infer<typeof MyPrivacySchema>;

/**
 * The account's password, asked again before what cannot be undone by mistake: POST
 * /api/me/privacy/deletion ('Excluir minha conta') and POST /api/company/closure ('Fechar conta').
 */
export const PasswordConfirmationSchema = z.object({
  password: z.string().min(1, "required").max(200),
});
export type PasswordConfirmation = z.infer<typeof PasswordConfirmationSchema>;

/** PUT /api/me/privacy/consents/{push|wallet}: a switch (push can only be turned off here). */
export const ConsentSwitchSchema = z.object({ enabled: z.boolean() });

/** A request that touched the company ('Pedidos de titulares'): no personal data. */
export const PrivacyRequestRowSchema = z.object({
  id: z.string(),
  kind: z.enum(["leave", "delete_account"]),
  state: z.enum(["pending", "cancelled", "done"]),
  requestedAt: z.string(),
  dueAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type PrivacyRequestRow = z.infer<typeof PrivacyRequestRowSchema>;
export const PrivacyRequestListSchema = z.object({ items: z.array(PrivacyRequestRowSchema) });

/** The company's closing ('Fechar conta'), on GET /api/company/closure. */
export const CompanyClosureSchema = z.object({
  closedAt: z.string().nullable(),
  /** The data is deleted at this time unless restored first. */
  deleteAt: z.string().nullable(),
});
export type CompanyClosure = z.infer<typeof CompanyClosureSchema>;
