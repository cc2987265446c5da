import { Building2, Gift, QrCode, Stamp, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PublicLayout } from "@/web/components/public-layout";
import { Button } from "@/web/components/ui/button";
import {
  ConfirmationNotice,
  readConfirmationResult,
} from "@/web/features/auth/components/confirmation-notice";
import { useDocumentTitle } from "@/web/lib/use-document-title";

const HIGHLIGHTS = [
  { key: "qr", icon: QrCode },
  { key: "stamps", icon: Stamp },
  { key: "rewards", icon: Gift },
] as const;

/** `/`: the two entrances, and the result of a company's e-mail confirmation link. */
export function HomePage() {
  const { t } = useTranslation("home");
  const [params] = useSearchParams();
  const confirmation = readConfirmationResult(params);
  useDocumentTitle(t("title"));

  return (
    <PublicLayout>
      <section className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 md:py-20">
        {confirmation ? (
          <div className="mx-auto w-full max-w-xl">
            <ConfirmationNotice result={confirmation} />
          </div>
        ) : null}
        <div className="mx-auto grid max-w-3xl gap-6 text-center">
          <h1 className="text-balance font-extrabold text-4xl tracking-tight md:text-5xl">
            {t("title")}
          </h1>
          <p className="text-balance text-lg text-muted-foreground">{t("subtitle")}</p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/login-admin">
                <Building2 aria-hidden="true" />
                {t("companyCta")}
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/login-cliente">
                <User aria-hidden="true" />
                {t("customerCta")}
              </Link>
            </Button>
          </div>
          <p className="text-muted-foreground text-sm">{t("trial")}</p>
        </div>
        <ul className="grid gap-4 md:grid-cols-3">
          {HIGHLIGHTS.map(({ key, icon: Icon }) => (
            <li key={key} className="grid gap-2 rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h2 className="font-semibold text-lg">{t(`highlights.${key}.title`)}</h2>
              <p className="text-muted-foreground text-sm">{t(`highlights.${key}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </PublicLayout>
  );
}
