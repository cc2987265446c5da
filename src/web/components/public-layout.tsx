import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Brand } from "./brand";
import { LanguageSwitcher } from "./language-switcher";

/**
 * Header with the brand and language switch, the page, and the footer with the legal links. The
 * links are plain: they lead to the public site (a page load from the app anyway), and the
 * sign-in entry renders this layout without a router (decision 018).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("layout");
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-svh flex-col">
      <header className="border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4">
          <Brand />
          <LanguageSwitcher />
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 py-6 text-muted-foreground text-sm md:flex-row md:items-center md:justify-between">
          <p>{t("footer.rights", { year })}</p>
          <nav className="flex flex-wrap gap-x-4 gap-y-2">
            <a
              className="inline-flex min-h-6 items-center hover:text-foreground hover:underline"
              href="/lp-empresa"
            >
              {t("footer.forCompanies")}
            </a>
            <a
              className="inline-flex min-h-6 items-center hover:text-foreground hover:underline"
              href="/lp-usuarios"
            >
              {t("footer.forCustomers")}
            </a>
            <a
              className="inline-flex min-h-6 items-center hover:text-foreground hover:underline"
              href="/termos"
            >
              {t("footer.terms")}
            </a>
            <a
              className="inline-flex min-h-6 items-center hover:text-foreground hover:underline"
              href="/privacidade"
            >
              {t("footer.privacy")}
            </a>
          </nav>
        </div>
      </footer>
    </div>
  );
}
