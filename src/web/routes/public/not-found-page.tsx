import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Brand } from "@/web/components/brand";
import { Button } from "@/web/components/ui/button";
import { useDocumentTitle } from "@/web/lib/use-document-title";

/** Any unknown path. English when the path contains `-en`, with a link to /dashboard-en. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const english = pathname.includes("-en");
  const t = i18n.getFixedT(english ? "en" : "pt-BR", "not-found");
  useDocumentTitle(t("title"));

  return (
    <div
      lang={english ? "en" : "pt-BR"}
      className="flex min-h-svh flex-col items-center justify-center gap-6 p-6 text-center"
    >
      <Brand />
      <p className="font-extrabold text-7xl text-primary/80">{t("code")}</p>
      <h1 className="font-bold text-2xl">{t("title")}</h1>
      <p className="max-w-md text-muted-foreground">{t("description")}</p>
      <Button asChild>
        <Link to={english ? "/dashboard-en" : "/"}>{t("link")}</Link>
      </Button>
    </div>
  );
}
