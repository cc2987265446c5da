import { can } from "@shared/team-permissions";
import { LayoutDashboard } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiAnswer } from "@/web/lib/api-client";
import { BrandMark } from "../components/brand-mark";
import { FullPageSpinner } from "../components/full-page-spinner";
import { SignOutButton } from "../components/sign-out-button";
import { Button } from "../components/ui/button";
import { CounterDesk } from "../features/counter/components/counter-desk";
import { ApiError, api } from "../lib/api-client";
import { useDocumentTitle } from "../lib/use-document-title";

type Me = ApiAnswer<"/api/me", "get">;

/**
 * The counter page on its own: the session is checked as the panel's guard does (signed out ->
 * /login-admin; a customer -> /; an account in no team -> the panel, which says so), then a slim
 * header (the company, 'Painel' for those who have one, 'Sair') above the counter.
 */
export function CounterShell() {
  const { t } = useTranslation("counter");
  const [me, setMe] = useState<Me | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  useDocumentTitle(t("page.title"));

  useEffect(() => {
    api.get("/api/me").then(
      (answer) => {
        if (answer.profile.role !== "admin") window.location.replace("/");
        else if (!answer.member || !answer.company) window.location.replace("/dashboard");
        else setMe(answer);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          window.location.replace("/login-admin");
        } else {
          // Offline for a moment, or the server: the panel's page has its own retry.
          window.location.replace("/dashboard");
        }
      },
    );
  }, []);

  if (!me?.member || !me.company) return <FullPageSpinner />;
  const { role } = me.member;
  const signOut = () => {
    setSigningOut(true);
    api
      .delete("/api/session")
      .catch((error: unknown) => console.error("Sign-out failed", error))
      .finally(() => window.location.assign("/login-admin"));
  };

  return (
    <div className="min-h-svh bg-background">
      <header className="sticky top-0 z-10 flex items-center gap-2 border-b bg-background/95 px-4 py-2 backdrop-blur">
        <span className="flex min-w-0 flex-1 items-center gap-2 font-semibold">
          <BrandMark name={me.company.tradeName} />
        </span>
        {role === "attendant" ? null : (
          <Button asChild variant="outline" size="sm">
            <a href="/dashboard">
              <LayoutDashboard aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t("page.panel")}</span>
            </a>
          </Button>
        )}
        <SignOutButton onSignOut={signOut} signingOut={signingOut} />
      </header>
      <main className="mx-auto grid w-full max-w-md gap-4 px-4 py-5">
        <div className="grid gap-1">
          <h1 className="font-bold text-2xl tracking-tight">{t("page.title")}</h1>
          <p className="text-muted-foreground">{t("page.subtitle")}</p>
        </div>
        <CounterDesk
          canOverride={can(role, "stampOverride")}
          owner={{ userId: me.user.id, companyId: me.company.id }}
        />
      </main>
    </div>
  );
}
