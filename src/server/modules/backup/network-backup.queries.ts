import { and, asc, eq, or, sql } from "drizzle-orm";
import {
  byCreatedAt,
  col,
  companyRowsByCreatedAt,
  type Dataset,
  keyOf,
  keyset,
  rowsByCreatedAt,
} from "../../lib/keyset";
import { profiles } from "../auth/profiles.table";
import { interestReplies, interests } from "../interests/interests.table";
import { partnerMessages, partnerships } from "../partnerships/partnerships.table";

/**
 * The backup's datasets of the company's dealings beyond its members (part of backup.queries.ts's
 * DATASETS): the interests it answered, and its partnerships with their threads.
 */
export const NETWORK_DATASETS: Dataset[] = [
  {
    name: "interesses",
    columns: [
      col("id", "ID"),
      col("customerId", "Cliente"),
      col("customerName", "Nome do cliente", "free"),
      col("sector", "Ramo"),
      col("city", "Cidade", "free"),
      col("state", "Estado"),
      col("description", "Descrição", "free"),
      col("status", "Status"),
      col("createdAt", "Data", "timestamp"),
    ],
    // The interests this company answered (other companies' interests are not its data).
    batches: (db, companyId) => {
      const key = byCreatedAt(interestReplies);
      return keyset(
        (after, limit) =>
          db
            .select({
              id: interests.id,
              customerId: interests.customerId,
              customerName: profiles.name,
              sector: interests.sector,
              city: interests.city,
              state: interests.state,
              description: interests.description,
              status: interests.status,
              createdAt: interests.createdAt,
              _key: keyOf(key),
            })
            .from(interestReplies)
            .innerJoin(interests, eq(interests.id, interestReplies.interestId))
            .innerJoin(profiles, eq(profiles.id, interests.customerId))
            .where(and(eq(interestReplies.companyId, companyId), after))
            .orderBy(asc(interestReplies.createdAt), asc(interestReplies.id))
            .limit(limit),
        key,
      );
    },
  },
  {
    name: "respostas-interesses",
    columns: [
      col("id", "ID"),
      col("interestId", "Interesse"),
      col("body", "Resposta", "free"),
      col("authorId", "Autor"),
      col("createdAt", "Data", "timestamp"),
    ],
    batches: companyRowsByCreatedAt(interestReplies),
  },
  // Partnerships and their threads belong to both companies: each backup holds them.
  {
    name: "parcerias",
    columns: [
      col("id", "ID"),
      col("requesterCompanyId", "Empresa solicitante"),
      col("recipientCompanyId", "Empresa convidada"),
      col("state", "Situação"),
      col("proposal", "Proposta", "free"),
      col("createdAt", "Solicitada em", "timestamp"),
      col("readAt", "Lida em", "timestamp"),
      col("answeredAt", "Respondida em", "timestamp"),
      col("validatedAt", "Data de validação", "timestamp"),
      col("endedAt", "Encerrada em", "timestamp"),
      col("endedByCompanyId", "Encerrada por"),
    ],
    batches: rowsByCreatedAt(partnerships, (companyId) =>
      or(
        eq(partnerships.requesterCompanyId, companyId),
        eq(partnerships.recipientCompanyId, companyId),
      ),
    ),
  },
  {
    name: "mensagens-parcerias",
    columns: [
      col("id", "ID"),
      col("partnershipId", "Parceria"),
      col("senderCompanyId", "Empresa remetente"),
      col("senderUserId", "Autor"),
      col("body", "Mensagem", "free"),
      col("createdAt", "Data", "timestamp"),
      col("readAt", "Lida em", "timestamp"),
    ],
    batches: rowsByCreatedAt(
      partnerMessages,
      (companyId) =>
        sql`${partnerMessages.partnershipId} in (select p.id from ${partnerships} p where p.requester_company_id = ${companyId} or p.recipient_company_id = ${companyId})`,
    ),
  },
];
