import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CompanyCard,
  cardBadge,
  REDEEM_BONUS_TYPE_MAX_LENGTH,
  type RedeemCard,
  RedeemCardSchema,
} from "@shared/cards.schema";
import type { Program } from "@shared/programs.schema";
import { STAMP_NOTES_MAX_LENGTH } from "@shared/stamps.schema";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { StampGrid } from "@/web/components/stamp-grid";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { formatDate } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { useRedeemCard } from "../api";
import { CardDetailsDialog } from "./card-details-dialog";

type CompanyCardTileProps = {
  card: CompanyCard;
  /** The add-stamp button (the stamps feature's; the route puts it here). */
  stampAction?: ReactNode;
  /** The company's programmes, for 'Abrir outro cartão' in the details. */
  programs?: Program[];
};

/** A card on /cartoes: progress, the 5-column stamp grid, add-stamp, 'Marcar Utilização', details. */
export function CompanyCardTile({ card, stampAction, programs }: CompanyCardTileProps) {
  const { t } = useTranslation("cards");
  const progress = Math.round((card.stamps / card.maxStamps) * 100);
  const complete = card.status === "complete";
  return (
    <article className="grid gap-3 rounded-lg border bg-card p-4" aria-label={card.customerName}>
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0">
          <span className="break-words font-semibold">{card.customerName}</span>
          <span className="break-words text-muted-foreground text-xs">{card.programName}</span>
        </div>
        <span
          className={cn(
            "shrink-0 rounded-full px-2 py-0.5 text-xs",
            complete ? "bg-primary text-primary-foreground" : "bg-muted",
          )}
        >
          {t(`badge.${cardBadge(card)}`)}
        </span>
      </div>
      <span className="text-sm">
        {t("progress", { stamps: card.stamps, max: card.maxStamps, progress })}
      </span>
      <div className="max-w-64">
        <StampGrid stamps={card.stamps} max={card.maxStamps} />
      </div>
      <span className="break-words text-muted-foreground text-sm">
        {t("reward", { reward: card.reward })}
      </span>
      {card.status === "redeemed" && card.redeemedAt ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm">{t("redeemedOn", { date: formatDate(card.redeemedAt) })}</span>
          <CardDetailsDialog card={card} programs={programs} />
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {stampAction}
          {complete ? <RedeemDialog card={card} /> : null}
          <CardDetailsDialog card={card} programs={programs} />
        </div>
      )}
    </article>
  );
}

/** 'Marcar Utilização' of a complete card: optional bonus type and notes. */
export function RedeemDialog({ card }: { card: CompanyCard }) {
  const { t } = useTranslation("cards");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline">
          {t("redeem.open")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("redeem.title", { name: card.customerName })}</DialogTitle>
        <DialogDescription className="grid gap-1">
          <span className="font-semibold text-base text-foreground" data-testid="redeem-reward">
            {t("redeem.reward", { reward: card.reward })}
          </span>
          <span>
            {t("redeem.rewardHint", {
              program: card.programName,
              stamps: card.stamps,
              max: card.maxStamps,
            })}
          </span>
        </DialogDescription>
        {open ? <RedeemForm card={card} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RedeemForm({ card, onDone }: { card: CompanyCard; onDone: () => void }) {
  const { t } = useTranslation("cards");
  const redeem = useRedeemCard();
  const form = useForm<z.input<typeof RedeemCardSchema>, unknown, RedeemCard>({
    resolver: zodResolver(RedeemCardSchema),
    defaultValues: { bonusType: "", notes: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const bonusType = field("bonusType", { hint: true });
  const notes = field("notes");

  const submit = (input: RedeemCard) =>
    // mutateAsync: this dialog unmounts once the card is redeemed, the toast must still show
    redeem.mutateAsync({ cardId: card.id, input }).then(
      () => {
        onDone();
        toast.success(t("redeem.success.title"), {
          description: t("redeem.success.description"),
        });
      },
      (error: unknown) => {
        applyServerFieldErrors(form, error);
        toast.error(t("redeem.failure.title"), {
          description: t("redeem.failure.description"),
        });
      },
    );

  return (
    <form className="grid gap-3" onSubmit={form.handleSubmit(submit)} noValidate>
      <Field
        id={bonusType.id}
        label={t("redeem.bonusType")}
        hint={t("redeem.bonusTypeHint")}
        error={bonusType.error}
      >
        <Input maxLength={REDEEM_BONUS_TYPE_MAX_LENGTH} {...bonusType.control} />
      </Field>
      <Field id={notes.id} label={t("redeem.notes")} error={notes.error}>
        <Input maxLength={STAMP_NOTES_MAX_LENGTH} {...notes.control} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t("cancel")}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={redeem.isPending}>
          {t("redeem.submit")}
        </Button>
      </div>
    </form>
  );
}
