import { LinkIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";

/**
 * A company's sign-up link that names no company (mistyped, cut, or of a company that left):
 * says so, and offers the directory of participating companies (after signing in or up).
 */
export function InvalidCompanyLink() {
  const { t } = useTranslation("companies");
  return (
    <Alert role="alert" data-testid="invalid-company-link">
      <LinkIcon aria-hidden="true" />
      <AlertTitle>{t("invalidLink.title")}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{t("invalidLink.description")}</p>
        <Button asChild size="sm" variant="outline" className="justify-self-start">
          <Link to="/dashboard-cliente#empresas">{t("invalidLink.directory")}</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
