import { formatSaoPauloDateTime } from "@shared/dates";
import type { AccountDeletion } from "@shared/privacy.schema";
import type { Auth } from "../auth";
import type { Db } from "../db/client";
import { accountDeletionContent } from "../email/account-deletion-email";
import { AppError } from "../errors";
import {
  confirmPassword,
  findCustomerContact,
  removeCustomerUser,
} from "../modules/auth/account-removal";
import { listMemberCompanies } from "../modules/customers/forget-member";
import type { JobDefinition } from "../modules/jobs/jobs.service";
import { queueEmail } from "../modules/mail/outbox";
import { findPendingDeletion } from "../modules/privacy/privacy.queries";
import {
  cancelDeletionRequest,
  completeDeletionRequest,
  openDeletionRequest,
  takeDueDeletion,
} from "../modules/privacy/privacy.service";
import { anonymiseSignIns } from "../modules/security/forget-member";
import { forgetMembership } from "./leave-program";

/**
 * 'Excluir minha conta' (issue 34, LGPD art. 18 VI): confirmed with the password, then 7 days of
 * grace (an e-mail says how to cancel; signing in offers it), then the `account-deletions` job:
 * every membership is anonymised as in 'Sair do programa' (flows/leave-program.ts), then the user
 * row goes and with it (foreign keys) the profile, sessions, password, 2FA, push devices, consent
 * records, downloads, interests, notification marks and invitations; the access records stay 6
 * months naming no one (Marco Civil da Internet, art. 15). The request
 * stays, naming no one, in each company's 'Pedidos de titulares', and their bells say "Um cliente
 * excluiu a conta". The e-mail address is free again at once.
 */
export async function requestAccountDeletion(
  deps: { db: Db; auth: Auth; appUrl: string },
  userId: string,
  password: string,
): Promise<{ deletion: AccountDeletion; created: boolean }> {
  const { db } = deps;
  const pending = await findPendingDeletion(db, userId);
  if (pending) return { deletion: pending, created: false };
  const contact = await findCustomerContact(db, userId);
  if (!contact)
    throw new AppError("role_forbidden", 403, "Only a customer account is deleted here.");
  await confirmPassword(db, deps.auth, userId, password);
  const row = await db.transaction(async (tx) => {
    const opened = await openDeletionRequest(tx, userId, await listMemberCompanies(tx, userId));
    const language = contact.language ?? "pt";
    await queueEmail(tx, {
      to: contact.email,
      ...accountDeletionContent({
        name: contact.name,
        due: formatSaoPauloDateTime(opened.dueAt!),
        url: `${deps.appUrl}/dashboard-cliente/meus-dados`,
        language,
      }),
    });
    return opened;
  });
  return {
    deletion: {
      id: row.id,
      requestedAt: row.requestedAt.toISOString(),
      dueAt: row.dueAt!.toISOString(),
    },
    created: true,
  };
}

/** 'Cancelar exclusão': the pending deletion ends (nothing was deleted yet). */
export async function cancelAccountDeletion(db: Db, userId: string): Promise<boolean> {
  return db.transaction((tx) => cancelDeletionRequest(tx, userId));
}

/**
 * The deletions whose grace ended, each in its own transaction (a failure leaves it pending for
 * the next run). Answers how many were done.
 */
export async function runAccountDeletions(db: Db, now: Date): Promise<{ deleted: number }> {
  let deleted = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const request = await takeDueDeletion(tx, now);
      if (!request) return null;
      const userId = request.userId;
      const companies = userId ? await listMemberCompanies(tx, userId) : [];
      if (userId) {
        for (const companyId of companies) await forgetMembership(tx, companyId, userId);
        const contact = await findCustomerContact(tx, userId);
        if (contact) await anonymiseSignIns(tx, userId, contact.email);
        await removeCustomerUser(tx, userId);
        await completeDeletionRequest(tx, { id: request.id, userId }, companies);
      }
      return request.id;
    });
    if (!done) return { deleted };
    deleted++;
  }
}

export const ACCOUNT_DELETIONS_JOB: JobDefinition<{ db: Db }> = {
  name: "account-deletions",
  cron: "*/15 * * * *",
  handler: ({ db }, now) => runAccountDeletions(db, now),
  expireInSeconds: 60 * 60,
};
