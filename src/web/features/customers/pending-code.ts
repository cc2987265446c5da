/**
 * An import's short code typed on /convite before the person had an account: kept in this
 * browser until it is answered, so /convite and the customer's dashboard can bring it back.
 */
export const PENDING_CODE_KEY = "carimbou-invitation-code";

/** The code waiting in this browser (XXXX-XXXX as typed on /convite), or null. */
export function pendingInvitationCode(): string | null {
  try {
    const code = localStorage.getItem(PENDING_CODE_KEY);
    return code && /^[A-Z0-9]{4}-?[A-Z0-9]{4}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}
