import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { CompanyCard } from "@/shared/cards.schema";
import type { StampMethod } from "@/shared/stamps.schema";
import { StampMethodSelect } from "@/web/components/stamp-method-select";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { useStampCard } from "../api";

/**
 * A card's add-stamp button on /cartoes: how the stamp was earned (purchase first) and optional
 * notes. Disabled and labelled 'Cartão Completo' on a complete card.
 */
export function CardStampDialog({ card }: { card: CompanyCard }) {
  const { t } = useTranslation("cards");
  const [open, setOpen] = useState(false);
  const complete = card.status === "complete";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" disabled={complete}>
          {complete ? t("complete") : t("addStamp")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("stampDialog.title", { name: card.customerName })}</DialogTitle>
        <DialogDescription>
          {card.programName}
          {" · "}
          {t("progress", {
            stamps: card.stamps,
            max: card.maxStamps,
            progress: Math.round((card.stamps / card.maxStamps) * 100),
          })}
        </DialogDescription>
        {open ? <CardStampForm card={card} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CardStampForm({ card, onDone }: { card: CompanyCard; onDone: () => void }) {
  const { t } = useTranslation("cards");
  const id = useId();
  const [method, setMethod] = useState<StampMethod>("purchase");
  const [notes, setNotes] = useState("");
  // One key per opening: a double click or a retry of the same stamp adds nothing.
  const [key] = useState(() => crypto.randomUUID());
  const stamp = useStampCard();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // mutateAsync: the tile may re-render (complete) before the toast; it must still show.
    stamp.mutateAsync({ cardId: card.id, key, input: { method, notes: notes.trim() } }).then(
      () => {
        toast.success(t("stamped.title"), { description: t("stamped.description") });
        onDone();
      },
      () => undefined,
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-method`}>{t("stampDialog.method")}</Label>
        <StampMethodSelect id={`${id}-method`} value={method} onChange={setMethod} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-notes`}>{t("stampDialog.notes")}</Label>
        <Input
          id={`${id}-notes`}
          value={notes}
          maxLength={500}
          onChange={(e) => setNotes(e.target.value)}
        />
      </div>
      {stamp.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(stamp.error)}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t("program.cancel")}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={stamp.isPending}>
          {stamp.isPending ? <Spinner /> : null}
          {t("stampDialog.submit")}
        </Button>
      </div>
    </form>
  );
}
