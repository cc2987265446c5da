import { and, asc, eq } from "drizzle-orm";
import {
  col,
  companyRowsByCreatedAt,
  type Dataset,
  type KeyPart,
  keyOf,
  keyset,
  rowsByCreatedAt,
} from "../../lib/keyset";
import { profiles } from "../auth/profiles.table";
import { birthdayGifts } from "../birthdays/birthdays.table";
import { loyaltyCards } from "../cards/cards.table";
import { memberships } from "../customers/memberships.table";
import { customerMessages } from "../messages/messages.table";
import { bonusEntries, referrals } from "../referrals/referrals.table";
import { stamps } from "../stamps/stamps.table";

/**
 * The backup's datasets of the company's members (part of backup.queries.ts's DATASETS): who they
 * are (the profile and the company's own record), their cards, stamps and messages.
 */
export const MEMBER_DATASETS: Dataset[] = [
  {
    name: "clientes",
    columns: [
      col("customerId", "ID"),
      col("name", "Nome", "free"),
      col("email", "Email", "free"),
      col("phone", "Telefone", "free"),
      col("birthDate", "Aniversário", "date"),
      col("city", "Cidade", "free"),
      col("state", "Estado"),
      col("recordPhone", "Telefone (registro da empresa)", "free"),
      col("recordBirthDate", "Aniversário (registro da empresa)", "date"),
      col("recordCity", "Cidade (registro da empresa)", "free"),
      col("recordState", "Estado (registro da empresa)"),
      col("notes", "Observações", "free"),
      col("status", "Status"),
      col("origin", "Origem", "free"),
      col("partnerCompanyId", "Parceiro de origem"),
      col("joinedAt", "Cadastro", "timestamp"),
      col("membershipId", "ID do vínculo"),
    ],
    batches: (db, companyId) => {
      const key: KeyPart[] = [{ column: memberships.sortName }, { column: memberships.id }];
      return keyset(
        (after, limit) =>
          db
            .select({
              customerId: memberships.customerId,
              name: profiles.name,
              email: profiles.email,
              phone: profiles.phone,
              birthDate: profiles.birthDate,
              city: profiles.city,
              state: profiles.state,
              recordPhone: memberships.phone,
              recordBirthDate: memberships.birthDate,
              recordCity: memberships.city,
              recordState: memberships.state,
              notes: memberships.notes,
              status: memberships.status,
              origin: memberships.origin,
              partnerCompanyId: memberships.partnerCompanyId,
              joinedAt: memberships.joinedAt,
              membershipId: memberships.id,
              _key: keyOf(key),
            })
            .from(memberships)
            .innerJoin(profiles, eq(profiles.id, memberships.customerId))
            .where(and(eq(memberships.companyId, companyId), after))
            .orderBy(asc(memberships.sortName), asc(memberships.id))
            .limit(limit),
        key,
      );
    },
  },
  {
    name: "cartoes",
    columns: [
      col("id", "ID"),
      col("customerId", "Cliente"),
      col("programId", "Programa"),
      col("membershipId", "Vínculo"),
      col("stamps", "Carimbos", "number"),
      col("maxStamps", "Carimbos máximos", "number"),
      col("status", "Status"),
      col("createdAt", "Criado em", "timestamp"),
      col("completedAt", "Completado em", "timestamp"),
      col("redeemedAt", "Utilizado em", "timestamp"),
      col("redeemedBy", "Utilizado por"),
      col("redemptionBonusType", "Tipo de bonificação", "free"),
      col("redemptionNotes", "Observações", "free"),
      col("redemptionCode", "Código de resgate"),
    ],
    batches: companyRowsByCreatedAt(loyaltyCards),
  },
  {
    name: "carimbos",
    columns: [
      col("id", "ID"),
      col("cardId", "Cartão"),
      col("customerId", "Cliente"),
      col("method", "Método"),
      col("count", "Quantidade", "number"),
      col("status", "Status"),
      col("claimed", "Solicitado pelo cliente", "boolean"),
      col("notes", "Observações", "free"),
      col("givenBy", "Dado por"),
      col("network", "Rede social"),
      col("link", "Link", "free"),
      col("fileId", "Arquivo"),
      col("rejectionReason", "Motivo da rejeição", "free"),
      col("createdAt", "Criado em", "timestamp"),
      col("approvedAt", "Aprovado em", "timestamp"),
      col("reviewedAt", "Revisado em", "timestamp"),
    ],
    batches: companyRowsByCreatedAt(stamps),
  },
  {
    name: "mensagens",
    columns: [
      col("id", "ID"),
      col("customerId", "Cliente"),
      col("sender", "Remetente"),
      col("body", "Mensagem", "free"),
      col("status", "Status"),
      col("replyToId", "Resposta a"),
      col("authorId", "Autor"),
      col("subject", "Assunto", "free"),
      col("assistantName", "Assistente (resposta automática)", "free"),
      col("createdAt", "Data", "timestamp"),
    ],
    batches: companyRowsByCreatedAt(customerMessages),
  },
];

/** What members were given: birthday gifts, referrals (without the sign-up IP) and the bonus ledger. */
export const REWARD_DATASETS: Dataset[] = [
  {
    name: "presentes-aniversario",
    columns: [
      col("id", "ID"),
      col("customerId", "Cliente"),
      col("year", "Ano", "number"),
      col("givenOn", "Dado em", "date"),
      col("stamps", "Carimbos", "number"),
      col("cardId", "Cartão"),
      col("createdAt", "Criado em", "timestamp"),
    ],
    batches: companyRowsByCreatedAt(birthdayGifts),
  },
  {
    name: "indicacoes",
    columns: [
      col("id", "ID"),
      col("referrerId", "Indicador"),
      col("referredId", "Indicado"),
      col("state", "Situação"),
      col("reason", "Motivo"),
      col("referredStamps", "Carimbos do indicado", "number"),
      col("referredBonusCents", "Bônus do indicado (R$)", "cents"),
      col("referrerStamps", "Carimbos do indicador", "number"),
      col("referrerBonusCents", "Bônus do indicador (R$)", "cents"),
      col("createdAt", "Criada em", "timestamp"),
      col("qualifiedAt", "Primeira visita em", "timestamp"),
      col("rewardedAt", "Recompensada em", "timestamp"),
      col("decidedBy", "Decidida por"),
      col("decidedAt", "Decidida em", "timestamp"),
    ],
    // Never the friend's sign-up IP (`ipAddress`): the platform's anti-fraud data, not the
    // company's (issue 34).
    batches: rowsByCreatedAt(referrals, (companyId) => eq(referrals.companyId, companyId), [
      "companyId",
      "ipAddress",
    ]),
  },
  {
    name: "bonus",
    columns: [
      col("id", "ID"),
      col("customerId", "Cliente"),
      col("kind", "Tipo"),
      col("amountCents", "Valor (R$)", "cents"),
      col("referralId", "Indicação"),
      col("byUserId", "Usado por"),
      col("note", "Observação", "free"),
      col("createdAt", "Data", "timestamp"),
    ],
    batches: companyRowsByCreatedAt(bonusEntries),
  },
];
