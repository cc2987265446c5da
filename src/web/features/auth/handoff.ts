import { useEffect, useState } from "react";

/**
 * Where the sign-in entry (signin.html, decision 018) hands the page over to the app: the
 * two-factor code of the e-mail that just passed its password check. (The sign-up forms have
 * addresses of their own: the entry links to them.)
 */
export type SignInHandoff = { view: "twoFactor"; email: string };

let pending: SignInHandoff | null = null;

/** Called by the sign-in entry just before it mounts the app on the same page. */
export function handOverToApp(handoff: SignInHandoff | null) {
  pending = handoff;
}

/**
 * The hand-over, read by the sign-in forms when they first mount on the page; it is then used
 * up, so a form shown later (after 'Voltar', or another visit) starts as usual.
 */
export function useSignInHandoff(): SignInHandoff | null {
  const [handoff] = useState(() => pending);
  useEffect(() => {
    pending = null;
  }, []);
  return handoff;
}
