import { zodResolver } from "@hookform/resolvers/zod";
import { type CompanyCard, type OpenCard, OpenCardSchema } from "@shared/cards.schema";
import type { Program } from "@shared/programs.schema";
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
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
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { fieldErrorId, useFormField } from "@/web/lib/form";
import { formatDateTime } from "@/web/lib/format";
import { cardDetailsQueryOptions, useOpenCard } from "../api";

type CardDetailsDialogProps = {
  card: CompanyCard;
  /** The company's programmes (the route reads them): 'Abrir outro cartão' offers the others. */
  programs?: Program[];
};

/** 'Detalhes': the customer's contact, the card's dates and its stamp history, newest first. */
export function CardDetailsDialog({ card, programs }: CardDetailsDialogProps) {
  const { t } = useTranslation("cards");
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="ghost">
          {t("details.open")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90svh] overflow-y-auto">
        <DialogTitle>{t("details.title", { name: card.customerName })}</DialogTitle>
        <DialogDescription>{card.programName}</DialogDescription>
        <CardDetails cardId={card.id} />
        <OpenCardForm card={card} programs={programs ?? []} />
        <DialogClose asChild>
          <Button type="button" variant="outline" className="sm:justify-self-end">
            {t("close")}
          </Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}

function CardDetails({ cardId }: { cardId: string }) {
  const { t } = useTranslation("cards");
  const { t: tStamps } = useTranslation("stamps");
  const details = useQuery(cardDetailsQueryOptions(cardId));
  if (details.isPending) return <Spinner />;
  if (details.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {errorMessage(details.error)}
      </p>
    );
  }
  const card = details.data;
  const facts: [string, string][] = [
    [t("details.email"), card.customerEmail ?? "—"],
    [t("details.phone"), card.customerPhone || "—"],
    [t("details.reward"), card.reward],
    [t("details.stamps"), `${card.stamps}/${card.maxStamps}`],
    [t("details.createdAt"), formatDateTime(card.createdAt)],
  ];
  if (card.completedAt) facts.push([t("details.completedAt"), formatDateTime(card.completedAt)]);
  if (card.redeemedAt) {
    const when = formatDateTime(card.redeemedAt);
    const by = card.redeemedByName
      ? ` · ${t("details.givenBy", { name: card.redeemedByName })}`
      : "";
    facts.push([t("details.redeemedAt"), `${when}${by}`]);
  }

  return (
    <div className="grid gap-4 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <section className="grid gap-2">
        <h3 className="font-semibold">{t("details.history")}</h3>
        {card.history.length === 0 ? (
          <p className="text-muted-foreground">{t("details.noHistory")}</p>
        ) : (
          <ol className="grid gap-2" aria-label={t("details.history")}>
            {card.history.map((s) => (
              <li key={s.id} className="grid gap-0.5 rounded-md border p-2">
                <span className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">
                    {tStamps(`methods.${s.method}`)} · {t("details.count", { count: s.count })}
                  </span>
                  <span className="text-muted-foreground text-xs">
                    {formatDateTime(s.createdAt)}
                  </span>
                </span>
                <span className="text-muted-foreground text-xs">
                  {t(`details.status.${s.status}`)}
                  {s.givenByName ? ` · ${t("details.givenBy", { name: s.givenByName })}` : ""}
                  {s.viaKey ? ` · ${t("details.viaKey", { name: s.viaKey })}` : ""}
                  {s.selfService ? ` · ${t("details.selfService")}` : ""}
                </span>
                {s.overrideReason ? (
                  <span className="text-xs">
                    {t("details.overrideReason", { reason: s.overrideReason })}
                  </span>
                ) : null}
                {s.notes ? <span className="text-xs">{s.notes}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/**
 * 'Abrir outro cartão': a card of another (not archived) programme for the same customer, e.g.
 * 'Barba' beside 'Corte de cabelo'. One open card per programme: the server answers
 * `card_already_open` otherwise.
 */
function OpenCardForm({ card, programs }: { card: CompanyCard; programs: Program[] }) {
  const choices = programs.filter(
    (p) => !p.archivedAt && (p.id !== card.programId || card.status === "redeemed"),
  );
  if (choices.length === 0) return null;
  return <OpenCardChoice card={card} choices={choices} />;
}

function OpenCardChoice({ card, choices }: { card: CompanyCard; choices: Program[] }) {
  const { t } = useTranslation("cards");
  const open = useOpenCard();
  const form = useForm<OpenCard>({
    resolver: zodResolver(OpenCardSchema),
    defaultValues: { programId: choices[0]!.id },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const program = field("programId");

  const submit = (input: OpenCard) =>
    open.mutate(
      { customerId: card.customerId, programId: input.programId },
      {
        onSuccess: (opened) =>
          toast.success(t("openCard.done"), {
            description: t("openCard.doneDescription", {
              name: card.customerName,
              program: opened.programName,
            }),
          }),
      },
    );

  return (
    <form className="grid gap-2 rounded-md border p-3" onSubmit={form.handleSubmit(submit)}>
      <Label htmlFor={program.id}>{t("openCard.label")}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="min-w-0 flex-1">
          <NativeSelect
            {...program.control}
            onChange={(event) => {
              open.reset();
              return program.control.onChange(event);
            }}
          >
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {t("openCard.option", { name: p.name, count: p.stampsRequired })}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="secondary" disabled={open.isPending}>
          {open.isPending ? <Spinner /> : null}
          {t("openCard.submit")}
        </Button>
      </div>
      {program.error ? (
        <p id={fieldErrorId(program.id)} className="font-medium text-destructive text-sm">
          {program.error}
        </p>
      ) : null}
      {open.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(open.error)}
        </p>
      ) : null}
    </form>
  );
}
