import { useSearchParams } from "react-router";
import {
  resolveSignUpOrigin,
  type SignUpOriginParams,
  SignUpOriginParamsSchema,
} from "@/shared/origin";
import { PublicLayout } from "@/web/components/public-layout";
import { ConfirmationNotice } from "@/web/features/auth/components/confirmation-notice";
import { CustomerAuth } from "@/web/features/auth/components/customer-auth";
import { OriginBanner } from "@/web/features/auth/components/origin-banner";
import { SignedInRedirect } from "@/web/features/auth/components/signed-in-redirect";
import { CompanyWelcomeCard } from "@/web/features/companies/components/company-welcome-card";
import { readConfirmationResult } from "@/web/lib/confirmation";

const ORIGIN_PARAMS = [
  "empresa_id",
  "origem",
  "parceria",
  "afiliado",
  "indicador",
  "empresa",
] as const;

/** The sign-up link's origin parameters, or undefined when it has none (or they are malformed). */
function readOriginParams(params: URLSearchParams): SignUpOriginParams | undefined {
  const present = ORIGIN_PARAMS.flatMap((name) => {
    const value = params.get(name)?.trim();
    return value ? [[name, value] as const] : [];
  });
  if (present.length === 0) return undefined;
  const parsed = SignUpOriginParamsSchema.safeParse(Object.fromEntries(present));
  return parsed.success ? parsed.data : undefined;
}

/**
 * /login-cliente (and /login-client-en). A company, partnership or referral link opens on the
 * sign-up form with a banner (and the company's welcome card); the confirmation link's return
 * opens on sign-in.
 */
export function CustomerLoginPage() {
  const [params] = useSearchParams();
  const originParams = readOriginParams(params);
  const origin = resolveSignUpOrigin(originParams ?? {});
  const confirmation = readConfirmationResult(params);
  const initialView = !confirmation && origin.kind !== "generic" ? "signUp" : "signIn";

  return (
    <SignedInRedirect joinCompanyId={origin.companyId}>
      <PublicLayout>
        <div className="mx-auto grid w-full max-w-md gap-4 px-4 py-10">
          <ConfirmationNotice result={confirmation} />
          {origin.companyId ? <CompanyWelcomeCard companyId={origin.companyId} /> : null}
          <OriginBanner kind={origin.kind} />
          <CustomerAuth initialView={initialView} origin={originParams} />
        </div>
      </PublicLayout>
    </SignedInRedirect>
  );
}
