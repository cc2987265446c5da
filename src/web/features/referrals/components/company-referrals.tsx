import {
  type CompanyReferral,
  REFERRAL_STATES,
  type ReferralState,
} from "@shared/referrals.schema";
import { useQuery } from "@tanstack/react-query";
import { Ban, Check, ChevronLeft, ChevronRight, Gift } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { companyReferralsQueryOptions, useDecideReferral } from "../api";

const STATE_STYLES: Record<ReferralState, string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  qualified: "border-sky-300 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  rewarded:
    "border-emerald-300 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  held: "border-orange-400 bg-orange-100 text-orange-950 dark:bg-orange-950 dark:text-orange-100",
  blocked: "border-border bg-muted text-muted-foreground",
};

/**
 * 'Indicações': the company's referrals, newest first (who referred whom, when, the state and,
 * for held, blocked or uncredited ones, why), a state filter, pages of 20, the count of held ones
 * and the decisions: held → approve or block; pending → block; qualified but not credited → credit
 * the referrer.
 */
export function CompanyReferrals() {
  const { t } = useTranslation("referrals");
  const id = useId();
  const [state, setState] = useState<ReferralState | null>(null);
  const [page, setPage] = useState(1);
  const query = useQuery(companyReferralsQueryOptions(state, page));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filter = (next: ReferralState | null) => {
    setState(next);
    setPage(1);
  };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-2">
          <label htmlFor={`${id}-state`} className="font-medium text-sm">
            {t("list.filter")}
          </label>
          <NativeSelect
            id={`${id}-state`}
            value={state ?? ""}
            onChange={(e) => filter((e.target.value || null) as ReferralState | null)}
            className="w-56 max-w-full"
          >
            <option value="">{t("list.all")}</option>
            {REFERRAL_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`list.states.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {data && data.held > 0 ? (
          <button
            type="button"
            onClick={() => filter("held")}
            title={t("list.showHeld")}
            className="inline-flex h-8 items-center rounded-full bg-orange-700 px-3 font-semibold text-sm text-white outline-none hover:bg-orange-800 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {t("list.held", { count: data.held })}
          </button>
        ) : null}
      </div>

      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
          {t("list.loadError")}
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t("list.retry")}
          </Button>
        </div>
      ) : null}
      {data && data.items.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          {state ? t("list.emptyFiltered") : t("list.empty")}
        </p>
      ) : null}
      {data && data.items.length > 0 ? (
        <>
          <ul
            aria-label={t("list.label")}
            className={cn("grid gap-2", query.isPlaceholderData && "opacity-60")}
          >
            {data.items.map((referral) => (
              <ReferralRow key={referral.id} referral={referral} />
            ))}
          </ul>
          {data.total > data.pageSize ? (
            <nav
              aria-label={t("list.pagination.label")}
              className="flex flex-wrap items-center justify-between gap-2 text-sm"
            >
              <p className="text-muted-foreground">
                {t("list.pagination.summary", {
                  from: (data.page - 1) * data.pageSize + 1,
                  to: (data.page - 1) * data.pageSize + data.items.length,
                  total: data.total,
                })}
              </p>
              <div className="flex items-center gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  <ChevronLeft aria-hidden="true" />
                  {t("list.pagination.previous")}
                </Button>
                <span>{t("list.pagination.page", { page, pages })}</span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  {t("list.pagination.next")}
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** Why a referral is held, blocked or not credited yet; null when there is nothing to explain. */
const shownReason = (r: CompanyReferral) =>
  r.reason && (r.state === "held" || r.state === "blocked" || r.reason === "referrer_unavailable")
    ? r.reason
    : null;

function ReferralRow({ referral: r }: { referral: CompanyReferral }) {
  const { t } = useTranslation("referrals");
  const reason = shownReason(r);
  return (
    <li
      aria-label={`${r.referrerName} ${t("list.referred")} ${r.referredName}`}
      className={cn(
        "grid min-w-0 gap-3 rounded-lg border bg-card p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center",
        r.state === "held" && "border-orange-400",
      )}
    >
      <div className="grid min-w-0 gap-1">
        <p className="break-words">
          <strong className="font-semibold">{r.referrerName}</strong>{" "}
          <span className="text-muted-foreground">{t("list.referred")}</span>{" "}
          <strong className="font-semibold">{r.referredName}</strong>
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
          <span
            className={cn(
              "rounded-full border px-2 py-0.5 font-medium text-xs",
              STATE_STYLES[r.state],
            )}
          >
            {t(`list.states.${r.state}`)}
          </span>
          <span>{t("list.createdOn", { date: formatDateTime(r.createdAt) })}</span>
          {r.rewardedAt ? (
            <span>{t("list.rewardedOn", { date: formatDateTime(r.rewardedAt) })}</span>
          ) : r.qualifiedAt ? (
            <span>{t("list.qualifiedOn", { date: formatDateTime(r.qualifiedAt) })}</span>
          ) : null}
        </p>
        {reason ? <p className="text-xs">{t(`list.reasons.${reason}`)}</p> : null}
      </div>
      <ReferralActions referral={r} />
    </li>
  );
}

function ReferralActions({ referral: r }: { referral: CompanyReferral }) {
  const { t } = useTranslation("referrals");
  const decide = useDecideReferral();
  const run = (decision: "approve" | "block" | "reward", done: string) =>
    decide.mutate(
      { id: r.id, decision },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  const canBlock = r.state === "held" || r.state === "pending";
  const canReward = r.state === "qualified" && r.reason === "referrer_unavailable";
  if (r.state !== "held" && !canBlock && !canReward) return null;
  return (
    <div className="flex flex-wrap gap-2 sm:justify-end">
      {r.state === "held" ? (
        <Button
          type="button"
          size="sm"
          disabled={decide.isPending}
          onClick={() => run("approve", t("list.approved"))}
        >
          <Check aria-hidden="true" />
          {t("list.approve")}
        </Button>
      ) : null}
      {canReward ? (
        <Button
          type="button"
          size="sm"
          disabled={decide.isPending}
          onClick={() => run("reward", t("list.rewardedToast"))}
        >
          <Gift aria-hidden="true" />
          {t("list.reward")}
        </Button>
      ) : null}
      {canBlock ? (
        <BlockButton
          referral={r}
          disabled={decide.isPending}
          onConfirm={() => run("block", t("list.blocked"))}
        />
      ) : null}
    </div>
  );
}

/** 'Bloquear' asks first: a blocked referral cannot be taken back. */
function BlockButton({
  referral,
  disabled,
  onConfirm,
}: {
  referral: CompanyReferral;
  disabled: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation("referrals");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" disabled={disabled}>
          <Ban aria-hidden="true" />
          {t("list.block")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogTitle>{t("list.blockConfirm.title")}</DialogTitle>
        <DialogDescription>
          {t("list.blockConfirm.body", {
            referrer: referral.referrerName,
            referred: referral.referredName,
          })}
        </DialogDescription>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t("list.blockConfirm.cancel")}
            </Button>
          </DialogClose>
          <Button
            type="button"
            variant="destructive"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {t("list.blockConfirm.confirm")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
