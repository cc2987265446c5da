import { useSearchParams } from "react-router";
import { PublicLayout } from "@/web/components/public-layout";
import { CompanyAuth } from "@/web/features/auth/components/company-auth";
import {
  ConfirmationNotice,
  PasswordResetNotice,
} from "@/web/features/auth/components/confirmation-notice";
import { SignedInRedirect } from "@/web/features/auth/components/signed-in-redirect";
import { PASSWORD_RESET_PARAM } from "@/web/features/auth/paths";
import { readConfirmationResult } from "@/web/lib/confirmation";

/** /login-admin (and /login-admin-en). */
export function CompanyLoginPage() {
  const [params] = useSearchParams();
  return (
    <SignedInRedirect>
      <PublicLayout>
        <div className="mx-auto grid w-full max-w-md gap-4 px-4 py-10">
          <ConfirmationNotice result={readConfirmationResult(params)} />
          <PasswordResetNotice show={params.get(PASSWORD_RESET_PARAM) === "1"} />
          <CompanyAuth />
        </div>
      </PublicLayout>
    </SignedInRedirect>
  );
}
