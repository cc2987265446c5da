import { DEFAULT_BACKUP_FREQUENCY, DEFAULT_RETENTION_MONTHS } from "@shared/settings.schema";
import { and, asc, eq, getTableColumns, or, sql } from "drizzle-orm";
import { profiles } from "../auth/profiles.table";
import { birthdayGifts } from "../birthdays/birthdays.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { memberships } from "../customers/memberships.table";
import { files } from "../files/files.table";
import { interestReplies, interests } from "../interests/interests.table";
import { customerMessages } from "../messages/messages.table";
import { partnerMessages, partnerships } from "../partnerships/partnerships.table";
import { programs } from "../programs/programs.table";
import { bonusEntries, referrals } from "../referrals/referrals.table";
import { companySettings } from "../settings/settings.table";
import { stamps } from "../stamps/stamps.table";
import { ASSISTANT_DATASETS } from "./assistant-backup.queries";
import {
  byCreatedAt,
  col,
  companyRowsByCreatedAt,
  type Dataset,
  type KeyPart,
  keyOf,
  keyset,
  rowsByCreatedAt,
  single,
} from "./keyset";

/**
 * The backup's read model: what a company's backup holds, as datasets of rows read in batches
 * across every module's tables (read only: nothing here writes). backup.service.ts zips them.
 */

export type { Kind } from "./keyset";

const companyColumns = getTableColumns(companies);

/** The columns of `companies` that are settings (loyalty, referral and special promotion rules). */
const companySettingColumns = {
  defaultMaxStamps: companies.defaultMaxStamps,
  purchaseStamps: companies.purchaseStamps,
  allowsReviewStamps: companies.allowsReviewStamps,
  reviewStamps: companies.reviewStamps,
  reviewBonus: companies.reviewBonus,
  allowsSocialStamps: companies.allowsSocialStamps,
  socialStamps: companies.socialStamps,
  socialBonus: companies.socialBonus,
  socialNetworks: companies.socialNetworks,
  birthdayEnabled: companies.birthdayEnabled,
  birthdayStamps: companies.birthdayStamps,
  birthdayPromotion: companies.birthdayPromotion,
  referralEnabled: companies.referralEnabled,
  referredStamps: companies.referredStamps,
  referrerStamps: companies.referrerStamps,
  referredBonusCents: companies.referredBonusCents,
  referrerBonusCents: companies.referrerBonusCents,
  referralMonthlyCap: companies.referralMonthlyCap,
  offersFirstSignUpBonus: companies.offersFirstSignUpBonus,
  bonusStamps: companies.bonusStamps,
  bonusValueCents: companies.bonusValueCents,
  promotionActive: companies.promotionActive,
  promotionTitle: companies.promotionTitle,
  promotionDescription: companies.promotionDescription,
  promotionStartsOn: companies.promotionStartsOn,
  promotionEndsOn: companies.promotionEndsOn,
  partnershipEnabled: companies.partnershipEnabled,
  partnershipDescription: companies.partnershipDescription,
  aiEnabled: companies.aiEnabled,
  aiAssistantName: companies.aiAssistantName,
};

export const DATASETS: Dataset[] = [
  {
    name: "empresa",
    columns: [
      col("id", "ID"),
      col("tradeName", "Nome", "free"),
      col("email", "Email", "free"),
      col("phone", "Telefone", "free"),
      col("whatsapp", "WhatsApp", "free"),
      col("city", "Cidade", "free"),
      col("state", "Estado"),
      col("sector", "Ramo"),
      col("summary", "Descrição", "free"),
      col("website", "Site", "free"),
      col("instagram", "Instagram", "free"),
      col("facebook", "Facebook", "free"),
      col("x", "X", "free"),
      col("tiktok", "TikTok", "free"),
      col("youtube", "YouTube", "free"),
      col("linkedin", "LinkedIn", "free"),
      col("googleReviewUrl", "Link de avaliação Google", "free"),
      col("logoUrl", "Logo", "free"),
      col("subscriptionActive", "Assinatura ativa", "boolean"),
      col("trialEndsAt", "Fim do período de teste", "timestamp"),
      col("createdAt", "Cadastro", "timestamp"),
      col("updatedAt", "Atualizado em", "timestamp"),
    ],
    batches: single((db, companyId) =>
      db.select(companyColumns).from(companies).where(eq(companies.id, companyId)),
    ),
  },
  {
    name: "configuracoes",
    columns: [
      col("pushNotifications", "Notificações push", "boolean"),
      col("emailNotifications", "Notificações por email", "boolean"),
      col("messageNotifications", "Notificações de mensagens", "boolean"),
      col("stampNotifications", "Notificações de carimbos", "boolean"),
      col("completedCardNotifications", "Notificações de cartões completos", "boolean"),
      col("backupFrequency", "Frequência de backup"),
      col("retentionMonths", "Retenção de dados (meses)", "number"),
      col("lastBackupAt", "Último backup", "timestamp"),
      col("defaultMaxStamps", "Carimbos por cartão (padrão)", "number"),
      col("purchaseStamps", "Carimbos por compra", "number"),
      col("allowsReviewStamps", "Avaliação Google ativa", "boolean"),
      col("reviewStamps", "Carimbos por avaliação", "number"),
      col("reviewBonus", "Bônus por avaliação", "free"),
      col("allowsSocialStamps", "Redes sociais ativas", "boolean"),
      col("socialStamps", "Carimbos por rede social", "number"),
      col("socialBonus", "Bônus por rede social", "free"),
      col("socialNetworks", "Redes", "list"),
      col("birthdayEnabled", "Aniversário ativo", "boolean"),
      col("birthdayStamps", "Carimbos de aniversário", "number"),
      col("birthdayPromotion", "Mensagem de aniversário", "free"),
      col("referralEnabled", "Indicação ativa", "boolean"),
      col("referredStamps", "Carimbos do indicado", "number"),
      col("referrerStamps", "Carimbos do indicador", "number"),
      col("referredBonusCents", "Bônus do indicado (R$)", "cents"),
      col("referrerBonusCents", "Bônus do indicador (R$)", "cents"),
      col("referralMonthlyCap", "Limite mensal por indicador", "number"),
      col("offersFirstSignUpBonus", "Bônus de primeiro cadastro", "boolean"),
      col("bonusStamps", "Carimbos de bônus", "number"),
      col("bonusValueCents", "Valor do bônus (R$)", "cents"),
      col("promotionActive", "Promoção ativa", "boolean"),
      col("promotionTitle", "Título da promoção", "free"),
      col("promotionDescription", "Descrição da promoção", "free"),
      col("promotionStartsOn", "Início da promoção", "date"),
      col("promotionEndsOn", "Fim da promoção", "date"),
      col("partnershipEnabled", "Parcerias ativas", "boolean"),
      col("partnershipDescription", "Descrição da parceria", "free"),
      col("aiEnabled", "IA ativa", "boolean"),
      col("aiAssistantName", "Nome do assistente", "free"),
    ],
    batches: single(async (db, companyId) => {
      const [company] = await db
        .select(companySettingColumns)
        .from(companies)
        .where(eq(companies.id, companyId));
      const [settings] = await db
        .select({
          pushNotifications: companySettings.pushNotifications,
          emailNotifications: companySettings.emailNotifications,
          messageNotifications: companySettings.messageNotifications,
          stampNotifications: companySettings.stampNotifications,
          completedCardNotifications: companySettings.completedCardNotifications,
          backupFrequency: companySettings.backupFrequency,
          retentionMonths: companySettings.retentionMonths,
          lastBackupAt: companySettings.lastBackupAt,
        })
        .from(companySettings)
        .where(eq(companySettings.companyId, companyId));
      // Without a record the company has the defaults (spec section 9).
      const record = settings ?? {
        pushNotifications: true,
        emailNotifications: true,
        messageNotifications: true,
        stampNotifications: true,
        completedCardNotifications: true,
        backupFrequency: DEFAULT_BACKUP_FREQUENCY,
        retentionMonths: DEFAULT_RETENTION_MONTHS,
        lastBackupAt: null,
      };
      return company ? [{ ...record, ...company }] : [];
    }),
  },
  {
    name: "programas",
    columns: [
      col("id", "ID"),
      col("name", "Nome", "free"),
      col("stampsRequired", "Carimbos necessários", "number"),
      col("reward", "Recompensa", "free"),
      col("description", "Descrição", "free"),
      col("isDefault", "Padrão", "boolean"),
      col("createdAt", "Criado em", "timestamp"),
      col("updatedAt", "Atualizado em", "timestamp"),
    ],
    batches: companyRowsByCreatedAt(programs),
  },
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
  ...ASSISTANT_DATASETS,
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
      col("ipAddress", "IP do cadastro"),
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
    batches: companyRowsByCreatedAt(referrals),
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
  {
    name: "arquivos",
    columns: [
      col("id", "ID"),
      col("contentType", "Tipo"),
      col("size", "Tamanho (bytes)", "number"),
      col("uploadedBy", "Enviado por"),
      col("createdAt", "Data", "timestamp"),
      col("path", "Arquivo no backup"),
    ],
    batches: (db, companyId) => {
      const key = byCreatedAt(files);
      return keyset(
        async (after, limit) =>
          (
            await db
              .select({
                id: files.id,
                contentType: files.contentType,
                size: files.size,
                uploadedBy: files.uploadedBy,
                createdAt: files.createdAt,
                _key: keyOf(key),
              })
              .from(files)
              .where(and(eq(files.companyId, companyId), after))
              .orderBy(asc(files.createdAt), asc(files.id))
              .limit(limit)
          ).map((f) => ({ ...f, path: filePath(f.id, f.contentType) })),
        key,
      );
    },
  },
];

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** Where an uploaded file (receipt, logo) sits in the zip. */
export const filePath = (id: string, contentType: string) =>
  `arquivos/${id.replace(/[^\w-]/g, "_")}.${EXTENSIONS[contentType] ?? "bin"}`;
