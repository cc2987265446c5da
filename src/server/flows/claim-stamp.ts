/**
 * A customer's claim of a stamp (flow: decision 022): the receipt stored (files) and the pending
 * stamp written (stamps) and the team's push notice queued (push), in one transaction opened here, after the claim is checked (claims).
 */
import { type CreateClaim, RECEIPT_MAX_BYTES, RECEIPT_TYPES } from "@shared/claims.schema";
import type { Db } from "../db/client";
import { checkClaim, pendingError, reviewedError } from "../modules/claims/claims.service";
import { storeFile } from "../modules/files/files.service";
import { queueCompanyPush } from "../modules/push/push.service";
import { createClaimStamp } from "../modules/stamps/stamps.service";

type ClaimInput = CreateClaim | { method: "receipt"; bytes: Uint8Array };

const constraintOf = (error: unknown): string | undefined => {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint;
};

/**
 * A customer asks for a stamp on one of their active cards: a pending stamp that does not count
 * until the company approves it. Only what the company allows; one pending claim of each kind per
 * card; a Google review once per customer and company (checked first, and the unique indexes
 * decide under races).
 */
export async function createClaim(db: Db, customerId: string, cardId: string, input: ClaimInput) {
  const company = await checkClaim(db, customerId, cardId, input);
  try {
    return await db.transaction(async (tx) => {
      const fileId =
        input.method === "receipt"
          ? await storeFile(tx, {
              companyId: company.id,
              uploadedBy: customerId,
              bytes: input.bytes,
              allowed: [...RECEIPT_TYPES],
              maxBytes: RECEIPT_MAX_BYTES,
            })
          : null;
      // 'Novo pedido de carimbo' on the team's devices that switched it on (push).
      await queueCompanyPush(tx, "claim", {
        companyId: company.id,
        customerId,
        url: "/dashboard",
      });
      return createClaimStamp(tx, {
        cardId,
        companyId: company.id,
        customerId,
        method: input.method,
        fileId,
        network: input.method === "social" ? input.network : null,
        link: input.method === "social" ? input.link : null,
      });
    });
  } catch (error) {
    const constraint = constraintOf(error);
    if (constraint === "stamps_one_pending_claim_per_kind") throw pendingError();
    if (constraint === "stamps_one_review_claim_per_customer") throw reviewedError();
    throw error;
  }
}
