import { useNavigate, useSearchParams } from "react-router";
import { PublicLayout } from "@/web/components/public-layout";
import { ResetPasswordForm } from "@/web/features/auth/components/reset-password-form";
import { forgotPasswordPath, PASSWORD_RESET_PARAM, signInPath } from "@/web/features/auth/paths";
import { currentLocale } from "@/web/lib/i18n";

/**
 * /redefinir-senha?token=… (and /reset-password-en), the page of the recovery e-mail's link.
 * Once saved, the sign-in page of the account's role says the password was reset.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token")?.trim() || null;
  return (
    <PublicLayout>
      <div className="mx-auto grid w-full max-w-md gap-4 px-4 py-10">
        <ResetPasswordForm
          token={token}
          onDone={(role) =>
            navigate(`${signInPath(role, currentLocale())}?${PASSWORD_RESET_PARAM}=1`, {
              replace: true,
            })
          }
          onRequestNew={() => navigate(forgotPasswordPath("customer", currentLocale()))}
        />
      </div>
    </PublicLayout>
  );
}
