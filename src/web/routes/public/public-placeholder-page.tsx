import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ComingSoon } from "@/web/components/coming-soon";
import { PublicLayout } from "@/web/components/public-layout";
import { Button } from "@/web/components/ui/button";
import { useDocumentTitle } from "@/web/lib/use-document-title";

export type PublicPageKey =
  | "companyLanding"
  | "customerLanding"
  | "aiLanding"
  | "help"
  | "terms"
  | "privacy";

/** A public page whose content arrives with a later issue: its title and an honest "Em breve". */
export function PublicPlaceholderPage({ page }: { page: PublicPageKey }) {
  const { t } = useTranslation(["common", "public"]);
  const title = t(`public:pages.${page}`);
  useDocumentTitle(title);
  return (
    <PublicLayout>
      <section className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-12">
        <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
        <ComingSoon />
        <div>
          <Button asChild variant="ghost">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              {t("actions.backHome")}
            </Link>
          </Button>
        </div>
      </section>
    </PublicLayout>
  );
}
