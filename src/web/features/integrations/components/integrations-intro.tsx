import { BookOpen, ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";

/** What this page is for, with the API reference (/api/docs) and the help guide (/ajuda#integrar). */
export function IntegrationsIntro() {
  const { t } = useTranslation("integrations");
  return (
    <section aria-label={t("title")} className="grid gap-3 rounded-lg border bg-muted/40 p-4">
      <p className="text-sm">{t("intro.text")}</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href="/ajuda#integrar">
            <BookOpen aria-hidden="true" />
            {t("intro.guide")}
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href="/api/docs" target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" />
            {t("intro.docs")}
          </a>
        </Button>
      </div>
    </section>
  );
}
