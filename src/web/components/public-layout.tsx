import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Brand } from "./brand";
import { LanguageSwitcher } from "./language-switcher";

/** Header with the brand and language switch, the page, and the footer with the legal links. */
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
            <Link className="hover:text-foreground hover:underline" to="/lp-empresa">
              {t("footer.forCompanies")}
            </Link>
            <Link className="hover:text-foreground hover:underline" to="/lp-usuarios">
              {t("footer.forCustomers")}
            </Link>
            <Link className="hover:text-foreground hover:underline" to="/termos">
              {t("footer.terms")}
            </Link>
            <Link className="hover:text-foreground hover:underline" to="/privacidade">
              {t("footer.privacy")}
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
