import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { PublicLayout } from "@/web/components/public-layout";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { useSignIn } from "@/web/features/auth/api";
import { AcceptInvitationForm } from "@/web/features/customers/components/accept-invitation-form";
import { useDocumentTitle } from "@/web/lib/use-document-title";

/**
 * /convite?token=…: a customer a company registered ('Novo Cliente') sets a password, is signed
 * in and lands on their cards (or on the customer login, if signing in fails).
 */
export function InvitationPage() {
  const { t } = useTranslation("customers");
  useDocumentTitle(t("invitation.title"));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const token = params.get("token")?.trim() ?? "";

  const onAccepted = (credentials: { email: string; password: string }) =>
    signIn.mutate(credentials, {
      onSuccess: () => navigate("/dashboard-cliente-cartoes-fidelidade", { replace: true }),
      onError: () => navigate("/login-cliente", { replace: true }),
    });

  return (
    <PublicLayout>
      <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-10">
        <Card>
          <CardHeader>
            <CardTitle>
              <h1 className="font-bold text-2xl">{t("invitation.title")}</h1>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <AcceptInvitationForm token={token} onAccepted={onAccepted} />
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}
