import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { NotFoundView } from "@/web/components/not-found-view";
import enNotFound from "@/web/locales/en/not-found.json";
import ptNotFound from "@/web/locales/pt-BR/not-found.json";

/** An unknown path reached inside the app (a document load of one gets the public site's 404). */
export function NotFoundPage() {
  const english = useLocation().pathname.includes("-en");
  const { t } = useTranslation();
  return (
    <NotFoundView
      english={english}
      texts={english ? enNotFound : ptNotFound}
      appName={t("appName")}
    />
  );
}
