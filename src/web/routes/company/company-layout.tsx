import type { Locale } from "@shared/languages";
import { can, type MemberRole, type Permission } from "@shared/team-permissions";
import { useQuery } from "@tanstack/react-query";
import {
  ArrowLeft,
  ChartColumn,
  CircleHelp,
  CreditCard,
  Handshake,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  Plug,
  ScanLine,
  Search,
  Settings,
  Sparkles,
  UserCog,
  Users,
  Wallet,
} from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { createSearchParams, Link, useLocation, useNavigate } from "react-router";
import { Brand } from "@/web/components/brand";
import { DemoBanner } from "@/web/components/demo-mode";
import { LanguageSwitcher } from "@/web/components/language-switcher";
import { SignOutButton } from "@/web/components/sign-out-button";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import {
  readSidebarCookie,
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from "@/web/components/ui/sidebar";
import { meQueryOptions } from "@/web/features/auth/api";
import { unreadMessagesQueryOptions } from "@/web/features/messages/api";
import { NotificationBell } from "@/web/features/notifications/components/notification-bell";
import { notificationKeys } from "@/web/features/notifications/keys";
import { partnershipOverviewQueryOptions } from "@/web/features/partnerships/api";
import { badgeCount } from "@/web/lib/format";
import { useRefreshOnChange } from "@/web/lib/use-refresh-on-change";

type MenuItem = {
  key:
    | "dashboard"
    | "customers"
    | "cards"
    | "messages"
    | "ai"
    | "partnerships"
    | "reports"
    | "settings"
    | "plan"
    | "counter"
    | "team"
    | "integrations"
    | "help";
  to: string;
  /** What the member's role needs to see it (null: every member). */
  permission: Permission | null;
  icon: LucideIcon;
  /** Other paths that highlight this entry. */
  also?: string[];
  /** Paths under this one also highlight it (e.g. /plano/checkout/:id). */
  under?: boolean;
};

/** The company panel menu, in the spec's order (section 2). */
const MENU: MenuItem[] = [
  {
    key: "dashboard",
    to: "/dashboard",
    icon: LayoutDashboard,
    also: ["/dashboard-en"],
    permission: "dashboard",
  },
  { key: "counter", to: "/balcao", icon: ScanLine, under: true, permission: "counter" },
  { key: "customers", to: "/clientes", icon: Users, permission: "customers" },
  { key: "cards", to: "/cartoes", icon: CreditCard, permission: "programs" },
  { key: "messages", to: "/mensagens", icon: MessageSquare, permission: "messages" },
  { key: "ai", to: "/ia-suprema", icon: Sparkles, permission: "assistant" },
  {
    key: "partnerships",
    to: "/parceria",
    icon: Handshake,
    also: ["/parceria-marketplace", "/parceria-mensagens", "/parcerias-ativas"],
    permission: "partnerships",
  },
  { key: "reports", to: "/relatorios", icon: ChartColumn, permission: "reports" },
  { key: "team", to: "/equipe", icon: UserCog, permission: "team" },
  { key: "integrations", to: "/integracoes", icon: Plug, permission: "integrations" },
  { key: "settings", to: "/configuracoes", icon: Settings, permission: "settings" },
  { key: "plan", to: "/plano", icon: Wallet, under: true, permission: "billing" },
  { key: "help", to: "/ajuda", icon: CircleHelp, permission: null },
];

/** Pages whose header offers the way back to the dashboard instead of the customer search. */
const BACK_TO_DASHBOARD_PATHS = ["/clientes", "/mensagens"];

const isActive = (item: MenuItem, pathname: string) =>
  [item.to, ...(item.also ?? [])].some((path) => pathname === path) ||
  (item.under === true && pathname.startsWith(`${item.to}/`));

function CompanySidebar({ companyName, role }: { companyName: string; role: MemberRole }) {
  const { t } = useTranslation("layout");
  const { pathname } = useLocation();
  const { state, isMobile, setOpenMobile } = useSidebar();
  const collapsed = state === "collapsed" && !isMobile;
  // Pending customer messages, unread partner messages and partnership requests waiting for an
  // answer, refreshed every 30 seconds (spec section 9).
  // Only for a role that reads them (an Atendente's API answers 403: never asked).
  const unread = useQuery({ ...unreadMessagesQueryOptions(), enabled: can(role, "messages") }).data;
  const pendingCustomers = unread?.pending ?? 0;
  // The bell follows the counter's poll: a new message shows in the badge and the bell together.
  useRefreshOnChange(unread, notificationKeys.company());
  const partnerships = useQuery({
    ...partnershipOverviewQueryOptions(),
    enabled: can(role, "partnerships"),
  }).data;
  const pendingMessages =
    pendingCustomers +
    (partnerships ? partnerships.unreadMessages + partnerships.pendingReceived : 0);
  // The company's logo (/dados-empresa), from the signed-in user the guard already loaded.
  const logoUrl = useQuery(meQueryOptions()).data?.company?.logoUrl ?? null;

  return (
    <Sidebar mobileTitle={t("sidebar.title")}>
      <SidebarHeader className="h-14 justify-center border-sidebar-border border-b">
        <Brand compact={collapsed} className="px-0.5" />
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <nav aria-label={t("sidebar.navigation")}>
            <SidebarMenu>
              {MENU.filter((item) => !item.permission || can(role, item.permission)).map((item) => {
                const active = isActive(item, pathname);
                const label = t(`sidebar.items.${item.key}`);
                const badge = item.key === "messages" ? pendingMessages : 0;
                const badgeLabel = t("sidebar.pendingMessages", { count: badge });
                return (
                  <SidebarMenuItem key={item.key}>
                    <SidebarMenuButton asChild isActive={active} className="relative">
                      <Link
                        to={item.to}
                        aria-current={active ? "page" : undefined}
                        title={collapsed ? label : undefined}
                        onClick={() => setOpenMobile(false)}
                      >
                        <item.icon aria-hidden="true" />
                        {/* Before the label in the DOM (the label stays the last child the
                            sidebar truncates or hides when collapsed), shown after it. */}
                        {badge > 0 ? (
                          <span
                            aria-hidden="true"
                            data-testid="messages-badge"
                            className={
                              collapsed
                                ? "absolute top-1 right-1 size-2 rounded-full bg-destructive"
                                : "order-last ml-auto min-w-5 shrink-0 rounded-full bg-destructive px-1.5 text-center font-semibold text-white text-xs leading-5"
                            }
                          >
                            {collapsed ? null : badgeCount(badge)}
                          </span>
                        ) : null}
                        <span>
                          {label}
                          {badge > 0 ? <span className="sr-only"> ({badgeLabel})</span> : null}
                        </span>
                      </Link>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </nav>
        </SidebarGroup>
      </SidebarContent>
      {collapsed ? null : (
        <SidebarFooter className="border-sidebar-border border-t">
          <div className="flex items-center gap-2 px-2 py-1">
            {logoUrl ? (
              <img
                src={logoUrl}
                alt=""
                width={32}
                height={32}
                data-testid="panel-company-logo"
                className="size-8 shrink-0 rounded-md border bg-background object-contain"
              />
            ) : null}
            <p className="truncate font-medium text-sm" title={companyName}>
              {companyName}
            </p>
          </div>
        </SidebarFooter>
      )}
    </Sidebar>
  );
}

function CustomerSearch() {
  const { t } = useTranslation("layout");
  const navigate = useNavigate();
  const [text, setText] = useState("");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    navigate(query ? `/clientes?${createSearchParams({ busca: query })}` : "/clientes");
  };

  return (
    <search className="w-full max-w-sm">
      <form onSubmit={onSubmit} className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t("header.searchPlaceholder")}
          aria-label={t("header.searchLabel")}
          className="h-9 pr-2 pl-8"
        />
      </form>
    </search>
  );
}

type CompanyLayoutProps = {
  companyName: string;
  /** The member's role: the menu and header show only what it may open. */
  role: MemberRole;
  /** The language switch's choice, kept for the user (the settings feature's). */
  onLanguageSwitch?: (locale: Locale) => void;
  onSignOut: () => void;
  signingOut: boolean;
  children: ReactNode;
};

/**
 * The company panel: collapsible sidebar, header (search, bell, company data, sign-out), page. A
 * route-level composition: it reads the auth, messages and notifications features.
 */
export function CompanyLayout({
  companyName,
  role,
  onLanguageSwitch,
  onSignOut,
  signingOut,
  children,
}: CompanyLayoutProps) {
  const { t } = useTranslation("layout");
  const { pathname } = useLocation();
  const showBack = BACK_TO_DASHBOARD_PATHS.includes(pathname);

  return (
    <SidebarProvider defaultOpen={readSidebarCookie()}>
      <CompanySidebar companyName={companyName} role={role} />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 items-center gap-1 border-b bg-background/95 px-2 backdrop-blur sm:gap-2 sm:px-3 md:px-4">
          <SidebarTrigger label={t("sidebar.toggle")} />
          {showBack ? (
            <Button asChild variant="ghost" size="sm">
              <Link to="/dashboard">
                <ArrowLeft aria-hidden="true" />
                {/* Only the arrow on a phone: the header fits 360 px. */}
                <span className="sr-only sm:not-sr-only">{t("header.backToDashboard")}</span>
              </Link>
            </Button>
          ) : can(role, "customers") ? (
            <CustomerSearch />
          ) : null}
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitcher className="hidden sm:inline-flex" onSwitch={onLanguageSwitch} />
            {can(role, "dashboard") ? <NotificationBell /> : null}
            {can(role, "settings") ? (
              <Button asChild variant="ghost" size="icon">
                <Link to="/dados-empresa" aria-label={t("header.companyData")}>
                  <Settings aria-hidden="true" />
                </Link>
              </Button>
            ) : null}
            <SignOutButton onSignOut={onSignOut} signingOut={signingOut} />
          </div>
        </header>
        <main className="flex flex-1 flex-col gap-6 p-4 md:p-6">
          <DemoBanner />
          {children}
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
