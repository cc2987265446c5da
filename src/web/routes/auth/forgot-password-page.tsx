import { useNavigate, useSearchParams } from "react-router";
import { PublicLayout } from "@/web/components/public-layout";
import { ForgotPasswordForm } from "@/web/features/auth/components/forgot-password-form";
import { roleOfAccountParam, signInPath } from "@/web/features/auth/paths";
import { currentLocale } from "@/web/lib/i18n";

/** /esqueci-senha (and /forgot-password-en), from a sign-in page's 'Esqueci minha senha'. */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const role = roleOfAccountParam(params.get("conta"));
  return (
    <PublicLayout>
      <div className="mx-auto grid w-full max-w-md gap-4 px-4 py-10">
        <ForgotPasswordForm onBack={() => navigate(signInPath(role, currentLocale()))} />
      </div>
    </PublicLayout>
  );
}
