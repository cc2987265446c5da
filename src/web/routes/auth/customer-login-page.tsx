import { marketingConsentText } from "@shared/assistant.schema";
import { SIGN_UP_PATHS, signInPathOf } from "@shared/auth-paths";
import { brandPalette } from "@shared/brand-color";
import { opensOnSignUp, readOriginParams } from "@shared/company-landing";
import { toLanguage } from "@shared/languages";
import { resolveSignUpOrigin } from "@shared/origin";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { FullPageSpinner } from "@/web/components/full-page-spinner";
import { PublicLayout } from "@/web/components/public-layout";
import { partnershipOf } from "@/web/features/auth/api";
import {
  ConfirmationNotice,
  PasswordResetNotice,
} from "@/web/features/auth/components/confirmation-notice";
import { CustomerAuth, type SignInState } from "@/web/features/auth/components/customer-auth";
import { OriginBanner } from "@/web/features/auth/components/origin-banner";
import { SignedInRedirect } from "@/web/features/auth/components/signed-in-redirect";
import { PASSWORD_RESET_PARAM, RETURN_PARAM } from "@/web/features/auth/paths";
import { companyPageQueryOptions, useJoinCompany } from "@/web/features/cards/api";
import { publicCompanyQueryOptions } from "@/web/features/companies/api";
import { CompanyWelcomeCard } from "@/web/features/companies/components/company-welcome-card";
import { InvalidCompanyLink } from "@/web/features/companies/components/invalid-company-link";
import { JoinCompanyConfirm } from "@/web/features/companies/components/join-company-confirm";
import { referralLinkQueryOptions } from "@/web/features/referrals/api";
import { readConfirmationResult } from "@/web/lib/confirmation";
import { errorMessage } from "@/web/lib/error-message";

/**
 * /login-cliente and /cadastro-cliente (and their English variants). A company, partnership or
 * referral link (the printed QR codes point at /login-cliente) opens on the sign-up page with a
 * banner (and the company's welcome card); the confirmation link's return opens on sign-in. A
 * customer already signed in who opens a company's link is asked first.
 */
export function CustomerLoginPage() {
  const [params] = useSearchParams();
  const { pathname, search, state } = useLocation();
  const originParams = readOriginParams(params);
  const origin = resolveSignUpOrigin(originParams ?? {});
  const confirmation = readConfirmationResult(params);
  const stayOnSignIn = (state as SignInState | null)?.signIn === true;
  const signInPage = signInPathOf(pathname);
  const company = useQuery({
    ...publicCompanyQueryOptions(origin.companyId ?? ""),
    enabled: Boolean(origin.companyId),
  });
  // A member's personal link names the referrer (`indicador`, else `afiliado`); a partner's link
  // the partnership (`parceria`, `<partner>_<company>`).
  const referrerId = origin.referrerCustomerId ?? origin.affiliateId;
  const partnership = partnershipOf(origin);
  // A company's link that names no company (malformed, or unknown: `null` once looked up).
  const brokenLink =
    Boolean(params.get("empresa_id")?.trim()) && (!origin.companyId || company.data === null);
  // 'Você foi indicado por um amigo!' only when the company's rules will credit the link; a link
  // that credits nobody still joins the company, so it reads as the company's link.
  const referral = useQuery({
    ...referralLinkQueryOptions(origin.companyId ?? "", referrerId ?? ""),
    enabled: origin.kind === "referral" && Boolean(origin.companyId && referrerId),
  });
  const bannerKind =
    origin.kind !== "referral"
      ? origin.kind
      : referral.data?.credits
        ? "referral"
        : referral.isPending && referral.fetchStatus !== "idle"
          ? "generic"
          : origin.companyId
            ? "company"
            : "generic";

  // The server answers these addresses with a redirect already (site/qr-landing.ts); a link
  // followed inside the app lands here.
  if (signInPage && !stayOnSignIn && opensOnSignUp(params)) {
    return <Navigate to={`${SIGN_UP_PATHS[signInPage]}${search}`} replace />;
  }

  return (
    <SignedInRedirect
      joinCompanyId={origin.companyId}
      joinReferrerId={referrerId}
      joinPartnership={partnership}
      confirmJoin={(companyId) => (
        <ConfirmJoin companyId={companyId} referrerId={referrerId} partnership={partnership} />
      )}
      returnTo={params.get(RETURN_PARAM)}
    >
      <PublicLayout>
        <div className="mx-auto grid w-full max-w-md gap-4 px-4 py-10">
          <ConfirmationNotice result={confirmation} />
          <PasswordResetNotice show={params.get(PASSWORD_RESET_PARAM) === "1"} />
          {brokenLink ? (
            <InvalidCompanyLink />
          ) : (
            <>
              {origin.companyId ? <CompanyWelcomeCard companyId={origin.companyId} /> : null}
              <OriginBanner
                kind={bannerKind}
                companyFound={!origin.companyId || Boolean(company.data)}
              />
            </>
          )}
          <CustomerAuth
            // A broken link joins nothing: the sign-up goes without it.
            origin={brokenLink ? undefined : originParams}
            companyName={company.data?.tradeName}
            accent={company.data ? brandPalette(company.data.brandColor) : undefined}
            birthdayStamps={company.data?.birthdayStamps}
          />
        </div>
      </PublicLayout>
    </SignedInRedirect>
  );
}

/**
 * 'Entrar no programa de fidelidade de <empresa>?' for a signed-in customer: joins only on yes,
 * then shows the new card; no goes to their panel. A member goes straight to their card there.
 */
function ConfirmJoin({
  companyId,
  referrerId,
  partnership,
}: {
  companyId: string;
  referrerId: string | null;
  partnership: string | null;
}) {
  const navigate = useNavigate();
  const page = useQuery(companyPageQueryOptions(companyId));
  const join = useJoinCompany();
  const [consented, setConsented] = useState(false);
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const cardPage = `/dashboard-cliente-cartao-fidelidade/${encodeURIComponent(companyId)}`;

  if (page.isPending) return <FullPageSpinner />;
  if (page.data && page.data.cards.length > 0 && !join.isSuccess) {
    return <Navigate to={cardPage} replace />;
  }
  return (
    <PublicLayout>
      <div className="mx-auto grid w-full max-w-md gap-4 px-4 py-10">
        <JoinCompanyConfirm
          company={page.data?.company ?? null}
          joining={join.isPending || join.isSuccess}
          error={join.isError ? errorMessage(join.error) : null}
          consent={
            page.data
              ? {
                  text: marketingConsentText(language, page.data.company.tradeName),
                  checked: consented,
                  onChange: setConsented,
                }
              : undefined
          }
          onConfirm={() =>
            join.mutate(
              { companyId, referrerId, partnership, marketingConsent: consented, language },
              { onSuccess: () => navigate(cardPage, { replace: true }) },
            )
          }
          onCancel={() => navigate("/dashboard-cliente", { replace: true })}
        />
      </div>
    </PublicLayout>
  );
}
