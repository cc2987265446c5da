import type { CompanyCard } from "@shared/cards.schema";
import type { AddStamp, StaffStampMethod } from "@shared/stamps.schema";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { useStampCard } from "../api";
import { StampForm } from "./stamp-form";

/**
 * A card's add-stamp button on /cartoes (the route puts it on each card): how the stamp was earned
 * and optional notes. Disabled and labelled 'Cartão Completo' on a complete card.
 */
export function CardStampDialog({
  card,
  methods,
  mayOverride,
}: {
  card: CompanyCard;
  /** The methods the company's loyalty rules allow (stampMethodsFor); all by default. */
  methods?: readonly StaffStampMethod[];
  /** A Gerente or the Dono: may stamp past the counter's rules with a reason. */
  mayOverride?: boolean;
}) {
  const { t } = useTranslation("stamps");
  const [open, setOpen] = useState(false);
  const complete = card.status === "complete";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" disabled={complete}>
          {complete ? t("cardDialog.complete") : t("cardDialog.open")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("cardDialog.title", { name: card.customerName })}</DialogTitle>
        <DialogDescription>
          {card.programName}
          {" · "}
          {t("cardDialog.progress", {
            stamps: card.stamps,
            max: card.maxStamps,
            progress: Math.round((card.stamps / card.maxStamps) * 100),
          })}
        </DialogDescription>
        {open ? (
          <CardStampForm
            card={card}
            methods={methods}
            mayOverride={mayOverride}
            onDone={() => setOpen(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CardStampForm({
  card,
  methods,
  mayOverride,
  onDone,
}: {
  card: CompanyCard;
  methods?: readonly StaffStampMethod[];
  mayOverride?: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation("stamps");
  // One key per opening: a double click or a retry of the same stamp adds nothing.
  const [key] = useState(() => crypto.randomUUID());
  const stamp = useStampCard();

  const submit = (input: AddStamp) => {
    // mutateAsync: the tile may re-render (complete) before the toast; it must still show.
    stamp.mutateAsync({ cardId: card.id, key, input }).then(
      () => {
        toast.success(t("added.title"), { description: t("added.description") });
        onDone();
      },
      () => undefined,
    );
  };

  return (
    <StampForm
      methods={methods}
      onSubmit={submit}
      pending={stamp.isPending}
      error={stamp.error}
      mayOverride={mayOverride}
    />
  );
}
