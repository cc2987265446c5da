import { DEFAULT_BACKUP_FREQUENCY, DEFAULT_RETENTION_MONTHS } from "@shared/settings.schema";
import { eq, getTableColumns } from "drizzle-orm";
import { col, companyRowsByCreatedAt, type Dataset, single } from "../../lib/keyset";
import { companies } from "../companies/companies.table";
import { programs } from "../programs/programs.table";
import { companySettings } from "../settings/settings.table";
import { ASSISTANT_DATASETS } from "./assistant-backup.queries";
import { FILES_DATASET } from "./files-backup.queries";
import { MEMBER_DATASETS, REWARD_DATASETS } from "./members-backup.queries";
import { NETWORK_DATASETS } from "./network-backup.queries";

/**
 * The backup's read model: what a company's backup holds, as datasets of rows read in batches
 * across every module's tables (read only: nothing here writes). backup.service.ts zips them, in
 * this order: the company (here), its members (members-backup.queries.ts), IA Suprema
 * (assistant-backup.queries.ts), what members were given, interests and partnerships
 * (network-backup.queries.ts), and the uploads (files-backup.queries.ts).
 */

export type { Kind } from "../../lib/keyset";

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
  ...MEMBER_DATASETS,
  ...ASSISTANT_DATASETS,
  ...REWARD_DATASETS,
  ...NETWORK_DATASETS,
  FILES_DATASET,
];
