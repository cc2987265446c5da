import { can, type MemberRole } from "@shared/team-permissions";
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

/** What the counter needs of the session: who (the offline queue is theirs), the company, the role. */
type CounterSession = { userId: string; companyId: string; tradeName: string; role: MemberRole };

/**
 * The last session this device's counter had, kept so that /balcao reopened without a connection
 * (the service worker serves its page) still takes stamps into the offline queue (issue 32, item
 * 5). Only ids, the company's name and the role: nothing of the person. The server checks the
 * session again when the queue is sent; signing out or a 401 forgets it.
 */
const KEPT_SESSION = "carimbou:counter-session";
function keepSession(session: CounterSession | null) {
  try {
    if (session) localStorage.setItem(KEPT_SESSION, JSON.stringify(session));
    else localStorage.removeItem(KEPT_SESSION);
  } catch {
    // Storage off (private mode): the counter just needs a connection to open.
  }
}
function keptSession(): CounterSession | null {
  try {
    const kept = localStorage.getItem(KEPT_SESSION);
    return kept ? (JSON.parse(kept) as CounterSession) : null;
  } catch {
    return null;
  }
}
const sessionOf = (me: Me): CounterSession | null =>
  me.member && me.company
    ? {
        userId: me.user.id,
        companyId: me.company.id,
        tradeName: me.company.tradeName,
        role: me.member.role,
      }
    : null;

/**
 * The counter page on its own: the session is checked as the panel's guard does (signed out ->
 * /login-admin; a customer -> /; an account in no team -> the panel, which says so), then a slim
 * header (the company, 'Painel' for those who have one, 'Sair') above the counter. Opened without a
 * connection, it goes on with the last session this device had (KEPT_SESSION).
 */
export function CounterShell() {
  const { t } = useTranslation("counter");
  const [me, setMe] = useState<CounterSession | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  useDocumentTitle(t("page.title"));

  useEffect(() => {
    api.get("/api/me").then(
      (answer) => {
        const session = answer.profile.role === "admin" ? sessionOf(answer) : null;
        keepSession(session);
        if (answer.profile.role !== "admin") window.location.replace("/");
        else if (!session) window.location.replace("/dashboard");
        else setMe(session);
      },
      (error: unknown) => {
        const kept = error instanceof ApiError ? null : keptSession();
        if (error instanceof ApiError && error.status === 401) {
          keepSession(null);
          window.location.replace("/login-admin");
        } else if (kept) {
          // No connection: the counter queues its stamps under the last session.
          setMe(kept);
        } else {
          // Offline for a moment, or the server: the panel's page has its own retry.
          window.location.replace("/dashboard");
        }
      },
    );
  }, []);

  if (!me) return <FullPageSpinner />;
  const { role } = me;
  const signOut = () => {
    setSigningOut(true);
    keepSession(null);
    api
      .delete("/api/session")
      .catch((error: unknown) => console.error("Sign-out failed", error))
      .finally(() => window.location.assign("/login-admin"));
  };

  return (
    <div className="min-h-svh bg-background">
      <header className="sticky top-0 z-10 flex items-center gap-2 border-b bg-background/95 px-4 py-2 backdrop-blur">
        <span className="flex min-w-0 flex-1 items-center gap-2 font-semibold">
          <BrandMark name={me.tradeName} />
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
          owner={{ userId: me.userId, companyId: me.companyId }}
        />
      </main>
    </div>
  );
}
