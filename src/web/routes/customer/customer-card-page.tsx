import { COMPANY_CLOSURE_DAYS } from "@shared/privacy.schema";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, CircleOff, Megaphone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { companyPageQueryOptions, useJoinCompany } from "@/web/features/cards/api";
import { AppleWalletButton } from "@/web/features/cards/components/apple-wallet-button";
import { GoogleWalletButton } from "@/web/features/cards/components/google-wallet-button";
import { StampCard } from "@/web/features/cards/components/stamp-card";
import { VoucherPanel } from "@/web/features/cards/components/voucher-panel";
import { useLiveCards } from "@/web/features/cards/live-cards";
import { ClaimActions } from "@/web/features/claims/components/claim-actions";
import { CounterCodeDialog } from "@/web/features/counter/components/counter-code-dialog";
import { CompanyConversation } from "@/web/features/messages/components/company-conversation";
import { CompanyPartners } from "@/web/features/partnerships/components/company-partners";
import { NotifyMeButton } from "@/web/features/push/components/notify-me-button";
import { ReferralCard } from "@/web/features/referrals/components/referral-card";
import { ReferralInvitationNote } from "@/web/features/referrals/components/referral-invitation-note";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate } from "@/web/lib/format";

/**
 * /dashboard-cliente-cartao-fidelidade/:companyId: the customer's card at one company, the
 * company's promotion, 'Indique e ganhe' (the referrals feature), the company's partners (the
 * partnerships feature) and the conversation. 'Mostrar no balcão' shows the customer's counter code;
 * a stamp or a redemption at the counter shows here within 2 seconds (useLiveCards).
 */
export function CustomerCardPage() {
  const { t } = useTranslation("customer");
  const { companyId = "" } = useParams();
  const page = useQuery({ ...companyPageQueryOptions(companyId), enabled: companyId !== "" });
  const join = useJoinCompany();
  const current = page.data?.cards.find((c) => c.status !== "redeemed");
  const used = page.data?.cards.filter((c) => c.status === "redeemed") ?? [];
  const company = page.data?.company;
  // The company closed its account ('Fechar conta'): the cards stay, read-only, with no action.
  const closedAt = page.data?.cards.find((c) => c.companyClosedAt)?.companyClosedAt ?? null;
  const open = !closedAt;
  useLiveCards();

  return (
    <>
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/dashboard-cliente-cartoes-fidelidade">
            <ArrowLeft aria-hidden="true" />
            {t("card.back")}
          </Link>
        </Button>
      </div>
      <PageHeader
        title={company?.tradeName ?? t("card.title")}
        subtitle={
          company?.city
            ? [company.city, company.state].filter(Boolean).join("/")
            : t("card.subtitle")
        }
      />
      {page.isPending ? <Spinner /> : null}
      {page.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(page.error)}
        </p>
      ) : null}
      {closedAt ? <ClosedProgramme closedAt={closedAt} /> : null}
      {open && page.data && !current && used.length === 0 ? (
        <div className="grid max-w-md justify-items-start gap-3 rounded-2xl border bg-card p-5">
          <p>{t("card.notMember")}</p>
          <Button type="button" onClick={() => join.mutate(companyId)} disabled={join.isPending}>
            {t("card.join")}
          </Button>
        </div>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <div className="grid gap-6">
          {/* No open card (the last one redeemed): the next stamp at the counter opens one. */}
          {open && page.data && !current && used.length > 0 ? (
            <CounterCodeDialog className="h-12 w-full" />
          ) : null}
          {current ? (
            <section className="grid gap-4" aria-label={t("card.current")}>
              <StampCard card={current} celebrate={open} />
              {open ? (
                <>
                  <CounterCodeDialog className="h-12 w-full" />
                  <AppleWalletButton cardId={current.id} />
                  <GoogleWalletButton cardId={current.id} stamps={current.stamps} />
                  <NotifyMeButton />
                  {current.status === "complete" ? <VoucherPanel cardId={current.id} /> : null}
                  {current.status === "active" && page.data ? (
                    <ClaimActions cardId={current.id} options={page.data.claimOptions} />
                  ) : null}
                </>
              ) : null}
            </section>
          ) : null}
          {open && page.data?.promotion ? (
            <section
              aria-label={t("promotions.title")}
              className="grid gap-1 rounded-2xl border border-primary/40 bg-primary/5 p-4"
            >
              <p className="flex items-center gap-2 font-semibold">
                <Megaphone aria-hidden="true" className="size-4 text-primary" />
                {page.data.promotion.title || t("promotions.title")}
              </p>
              <p className="text-sm">{page.data.promotion.description}</p>
              {page.data.promotion.endsOn ? (
                <p className="text-muted-foreground text-xs">
                  {t("promotions.until", { date: formatDate(page.data.promotion.endsOn) })}
                </p>
              ) : null}
            </section>
          ) : null}
        </div>
        <div className="grid gap-6">
          {open && company ? <ReferralInvitationNote companyId={company.id} /> : null}
          {open && company && (current || used.length > 0) ? (
            <ReferralCard companyId={company.id} companyName={company.tradeName} />
          ) : null}
          {open && company ? (
            <CompanyPartners companyId={company.id} companyName={company.tradeName} />
          ) : null}
          {open && page.data ? (
            <section className="grid gap-3">
              <CompanyConversation companyId={page.data.company.id} />
            </section>
          ) : null}
          {used.length > 0 ? (
            <section className="grid gap-3">
              <h2 className="font-semibold text-lg">{t("card.history")}</h2>
              {used.map((card) => (
                <StampCard key={card.id} card={card} />
              ))}
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}

/** 'Programa encerrado em dd/MM/yyyy': the card stays, read-only, until the company's data goes. */
function ClosedProgramme({ closedAt }: { closedAt: string }) {
  const { t } = useTranslation("cards");
  const until = new Date(Date.parse(closedAt) + COMPANY_CLOSURE_DAYS * 24 * 60 * 60 * 1000);
  return (
    <div
      role="status"
      data-testid="programme-closed"
      className="grid max-w-md gap-1 rounded-2xl border border-destructive/40 bg-destructive/5 p-4"
    >
      <p className="flex items-center gap-2 font-semibold">
        <CircleOff aria-hidden="true" className="size-4 shrink-0 text-destructive" />
        {t("closed.badge", { date: formatDate(closedAt) })}
      </p>
      <p className="text-muted-foreground text-sm">
        {t("closed.hint", { date: formatDate(until) })}
      </p>
    </div>
  );
}
