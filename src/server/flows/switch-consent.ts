import type { Db } from "../db/client";
import { setWalletUpdates } from "../modules/auth/account-removal";
import { recordConsent } from "../modules/privacy/privacy.service";
import { deleteAllSubscriptions } from "../modules/push/push.service";
import { forgetUserDevices } from "../modules/wallet/forget-member";

/**
 * 'Meus dados' → 'Consentimentos' (issue 34, LGPD art. 8 §5: withdrawn as easily as given):
 * - push notices off: every device's subscription goes (push), recorded (privacy);
 * - wallet updates on or off: the profile's switch (auth); off also drops every device
 *   registration of the person's Apple passes (wallet), so no update is pushed; recorded (privacy).
 * The marketing consent per company has its own route (assistant's /me/marketing-consents).
 */
export async function withdrawPushConsent(db: Db, userId: string): Promise<void> {
  await db.transaction((tx) => deleteAllSubscriptions(tx, userId));
}

export async function switchWalletUpdates(db: Db, userId: string, enabled: boolean) {
  await db.transaction(async (tx) => {
    await setWalletUpdates(tx, userId, enabled);
    if (!enabled) await forgetUserDevices(tx, userId);
    await recordConsent(tx, { userId, kind: "wallet", granted: enabled, source: "meus_dados" });
  });
}
