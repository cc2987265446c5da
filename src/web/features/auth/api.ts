import type {
  CompanySignUp,
  CustomerProfile,
  CustomerSignUp,
  ForgotPassword,
  Me,
  PasswordResetDone,
  ResendConfirmation,
  ResetPassword,
  SignIn,
} from "@shared/auth.schema";
import type { SignUpOrigin } from "@shared/origin";
import type { SignInTwoFactor, TwoFactorChallenge } from "@shared/security.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/web/lib/api-client";
import { parseMe, parsePasswordResetDone, twoFactorChallengeOf } from "./answers";
import { authKeys } from "./keys";

/** The signed-in user, or null without a session (read without zod: ./answers, decision 042). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me,
    queryFn: async ({ signal }): Promise<Me | null> => {
      try {
        return parseMe(await api.get("/api/me", { signal }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

/** A fresh session: nothing cached for an earlier visitor survives it. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (me: Me) => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.me[0] });
    queryClient.setQueryData(authKeys.me, me);
  };
}

/**
 * E-mail and password. An account with 2FA answers a challenge instead of a session: the code
 * then goes to `useSignInTwoFactor`.
 */
export function useSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (input: SignIn): Promise<Me | TwoFactorChallenge> => {
      const answer = await api.post("/api/session", { body: input });
      return twoFactorChallengeOf(answer) ?? parseMe(answer);
    },
    onSuccess: (result) => {
      if (!isTwoFactorChallenge(result)) startSession(result);
    },
  });
}

export const isTwoFactorChallenge = (
  result: Me | TwoFactorChallenge,
): result is TwoFactorChallenge => "twoFactorRequired" in result;

/** The second step of a sign-in with 2FA: the app's 6-digit code or a backup code. */
export function useSignInTwoFactor() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (input: SignInTwoFactor) =>
      parseMe(await api.post("/api/session/two-factor", { body: input })),
    onSuccess: startSession,
  });
}

export function useSignUpCompany() {
  return useMutation({
    mutationFn: (input: CompanySignUp) => api.post("/api/accounts/company", { body: input }),
  });
}

export function useSignUpCustomer() {
  return useMutation({
    mutationFn: (input: CustomerSignUp) => api.post("/api/accounts/customer", { body: input }),
  });
}

/** 'Meu perfil': saves the customer's own fields; the header and forms read them from `me`. */
export function useSaveCustomerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerProfile) => api.put("/api/me/profile", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

/** Sends the confirmation link again; the server answers 202 whether the account exists or not. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (input: ResendConfirmation) =>
      api.post("/api/accounts/confirmation", { body: input }),
  });
}

/**
 * 'Esqueci minha senha': the server answers 202 whether an account has the e-mail or not, and
 * e-mails the link (in the page's language when the user chose none).
 */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPassword) => api.post("/api/password/forgot", { body: input }),
  });
}

/** The new password with the e-mail link's token; every session of the account ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: ResetPassword): Promise<PasswordResetDone> =>
      parsePasswordResetDone(await api.post("/api/password/reset", { body: input })),
  });
}

/**
 * Ends the session on the server, then a full reload of `redirectTo` (the site by default)
 * drops every cached query.
 */
export function useSignOut(redirectTo = "/") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete("/api/session"),
    onError: (error) => console.error("Sign-out failed", error),
    onSettled: () => {
      queryClient.clear();
      window.location.assign(redirectTo);
    },
  });
}

/** A partner's link's `parceria` parameter (`<partner>_<company>`), else null. */
export const partnershipOf = (origin: SignUpOrigin): string | null =>
  origin.kind === "partnership" ? origin.code.slice("parceria_".length) : null;

/**
 * A customer who signs in through a company's link (or opens it while signed in) joins that
 * company; through a member's personal link, `referrerId` (the link's `indicador`, else
 * `afiliado`) makes it a referral when they are new to the company; through a partner's link,
 * `partnership` (the link's `parceria`, `<partner>_<company>`) records the partner that sent
 * them. A failure (e.g. an unknown company) must not keep them out of their area.
 */
export async function joinThroughLink(
  companyId: string | null | undefined,
  referrerId?: string | null,
  partnership?: string | null,
) {
  if (!companyId) return;
  try {
    await api.post("/api/memberships", {
      body: {
        companyId,
        ...(referrerId ? { referrerId } : {}),
        ...(partnership ? { partnership } : {}),
      },
    });
  } catch (error) {
    console.warn("Could not join the company of the link", error);
  }
}
