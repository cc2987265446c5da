import { and, asc, eq, getTableColumns } from "drizzle-orm";
import {
  col,
  companyRowsByCreatedAt,
  type Dataset,
  type KeyPart,
  keyOf,
  keyset,
} from "../../lib/keyset";
import { assistantFeedback, marketingConsents } from "../assistant/assistant.table";
import { instagramMessages } from "../assistant/instagram.table";
import { whatsappMessages } from "../assistant/whatsapp.table";

/**
 * The backup's IA Suprema datasets (part of backup.queries.ts's DATASETS): complaints and
 * suggestions, marketing consents (with the text agreed to), WhatsApp and Instagram messages.
 */
export const ASSISTANT_DATASETS: Dataset[] = [
  {
    name: "reclamacoes-sugestoes",
    columns: [
      col("id", "ID"),
      col("kind", "Tipo"),
      col("state", "Situação"),
      col("body", "Texto", "free"),
      col("channel", "Canal"),
      col("customerId", "Cliente"),
      col("contactId", "Contato do WhatsApp"),
      col("sourceMessageId", "Mensagem de origem"),
      col("createdAt", "Data", "timestamp"),
      col("updatedAt", "Atualizada em", "timestamp"),
    ],
    batches: companyRowsByCreatedAt(assistantFeedback),
  },
  {
    name: "consentimentos-marketing",
    columns: [
      col("id", "ID"),
      col("customerId", "Cliente"),
      col("consentText", "Texto aceito", "free"),
      col("source", "Origem"),
      col("grantedAt", "Aceito em", "timestamp"),
      col("revokedAt", "Cancelado em", "timestamp"),
      col("revokedVia", "Cancelado por"),
    ],
    batches: (db, companyId) => {
      const key: KeyPart[] = [
        { column: marketingConsents.grantedAt, timestamp: true },
        { column: marketingConsents.id },
      ];
      const { companyId: _company, ...fields } = getTableColumns(marketingConsents);
      return keyset(
        (after, limit) =>
          db
            .select({ ...fields, _key: keyOf(key) })
            .from(marketingConsents)
            .where(and(eq(marketingConsents.companyId, companyId), after))
            .orderBy(asc(marketingConsents.grantedAt), asc(marketingConsents.id))
            .limit(limit),
        key,
      );
    },
  },
  {
    name: "whatsapp-mensagens",
    columns: [
      col("id", "ID"),
      col("contactId", "Contato"),
      col("direction", "Direção"),
      col("body", "Mensagem", "free"),
      col("status", "Status"),
      col("intent", "Assunto entendido"),
      col("errorCode", "Erro do WhatsApp", "number"),
      col("createdAt", "Data", "timestamp"),
    ],
    batches: companyRowsByCreatedAt(whatsappMessages),
  },
  {
    name: "instagram-mensagens",
    columns: [
      col("id", "ID"),
      col("contactId", "Contato"),
      col("direction", "Direção"),
      col("body", "Mensagem", "free"),
      col("status", "Status"),
      col("intent", "Assunto entendido"),
      col("errorCode", "Erro do Instagram", "number"),
      col("createdAt", "Data", "timestamp"),
    ],
    batches: companyRowsByCreatedAt(instagramMessages),
  },
];
