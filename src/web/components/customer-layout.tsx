import type { Locale } from "@shared/languages";
import { CreditCard, LayoutDashboard, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "@/web/lib/nav";
import { cn } from "@/web/lib/utils";
import { Brand } from "./brand";
import { LanguageSwitcher } from "./language-switcher";
import { SignOutButton } from "./sign-out-button";

type CustomerLayoutProps = {
  name: string;
  city: string | null;
  state: string | null;
  onSignOut: () => void;
  signingOut: boolean;
  /** The header's bell (the route passes the notifications feature's). */
  bell?: ReactNode;
  /** The language switch's choice, kept for the user (the route passes the settings feature's). */
  onLanguageSwitch?: (locale: Locale) => void;
  children: ReactNode;
};

/** The way back to 'Meu painel' and to the cards, on every customer page. */
const NAV = [
  { to: "/dashboard-cliente", key: "home", icon: LayoutDashboard, end: true },
  { to: "/dashboard-cliente-cartoes-fidelidade", key: "cards", icon: CreditCard, end: false },
] as const;

/**
 * The customer area: header with the greeting, where the customer lives, the bell and sign-out; under it
 * the links to 'Meu painel' and the cards, on every page.
 */
export function CustomerLayout({
  name,
  city,
  state,
  onSignOut,
  signingOut,
  bell,
  onLanguageSwitch,
  children,
}: CustomerLayoutProps) {
  const { t } = useTranslation("layout");
  const place = [city, state].filter(Boolean).join("/");

  return (
    <div className="flex min-h-svh flex-col">
      <header className="border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex w-full max-w-5xl items-center gap-3 px-4 py-3">
          <Brand compact />
          <div className="grid min-w-0 gap-0.5">
            <p className="truncate font-semibold">{t("customer.greeting", { name })}</p>
            {place ? (
              <p className="flex items-center gap-1 text-muted-foreground text-sm">
                <MapPin aria-hidden="true" className="size-3.5" />
                <span>{place}</span>
              </p>
            ) : null}
          </div>
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitcher className="hidden sm:inline-flex" onSwitch={onLanguageSwitch} />
            {bell}
            <SignOutButton onSignOut={onSignOut} signingOut={signingOut} />
          </div>
        </div>
        <nav aria-label={t("customer.navigation")} className="mx-auto w-full max-w-5xl px-4">
          <ul className="-mb-px flex gap-1">
            {NAV.map(({ to, key, icon: Icon, end }) => (
              <li key={key}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center gap-2 border-b-2 px-3 py-2 font-medium text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
                      isActive
                        ? "border-primary text-foreground"
                        : "border-transparent text-muted-foreground hover:text-foreground",
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`customer.${key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-6">
        {children}
      </main>
    </div>
  );
}
