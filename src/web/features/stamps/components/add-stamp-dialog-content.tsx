import type { CompanyCustomer } from "@shared/customers.schema";
import type { Program } from "@shared/programs.schema";
import type { StampValueRule } from "@shared/stamp-value";
import type { AddStamp, StaffStampMethod } from "@shared/stamps.schema";
import {
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  useQuery,
} from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { useAddStamp } from "../api";
import { StampForm } from "./stamp-form";

/**
 * What the dialog reads from other features: the route passes their query options (typed by
 * their keys, `S` and `P`).
 */
export type AddStampSources<S extends QueryKey = QueryKey, P extends QueryKey = QueryKey> = {
  /** The company's active customers matching a search, with their open cards. */
  customerSearch: (
    search: string,
  ) => UseQueryOptions<CompanyCustomer[], Error, CompanyCustomer[], S>;
  /** The company's programmes (a customer without a card in one gets one with the stamp). */
  programs: () => UseQueryOptions<Program[], Error, Program[], P>;
};

export type AddStampDialogProps<S extends QueryKey = QueryKey, P extends QueryKey = QueryKey> = {
  sources: AddStampSources<S, P>;
  /** The methods the company's loyalty rules allow (stampMethodsFor); all by default. */
  methods?: readonly StaffStampMethod[];
  /** A Gerente or the Dono: may stamp past the counter's rules with a reason. */
  mayOverride?: boolean;
  /** Stamps by purchase value (the counter rules): a purchase asks for its amount. */
  byValue?: StampValueRule | null;
};

/**
 * The open 'Adicionar Carimbo' dialog: fetched with Radix's Dialog, react-hook-form and the
 * stamp schemas on the first click of its button (add-stamp-dialog.tsx, decision 042).
 */
export function AddStampDialogContent({
  sources,
  methods,
  mayOverride,
  byValue,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: AddStampDialogProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation("stamps");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>{t("title")}</DialogTitle>
        <DialogDescription>{t("description")}</DialogDescription>
        <AddStampForm
          sources={sources}
          methods={methods}
          mayOverride={mayOverride}
          byValue={byValue}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

/** A card the stamp can go on: an open card, or a new card of a programme without one. */
type CardChoice = {
  programId: string;
  name: string;
  detail: string;
  isDefault: boolean;
  complete: boolean;
  /** Stamps the card still takes before it is complete (the server never credits past it). */
  room: number;
};

function useCardChoices(customer: CompanyCustomer | undefined, programs: Program[] | undefined) {
  const { t } = useTranslation("stamps");
  if (!customer) return [];
  const defaultId = programs?.find((p) => p.isDefault)?.id;
  const open: CardChoice[] = customer.openCards.map((c) => ({
    programId: c.programId,
    name: c.programName,
    detail: t("card.open", { stamps: c.stamps, max: c.maxStamps, reward: c.reward }),
    isDefault: c.programId === defaultId,
    complete: c.status === "complete",
    room: Math.max(0, c.maxStamps - c.stamps),
  }));
  const fresh: CardChoice[] = (programs ?? [])
    .filter((p) => !p.archivedAt && !customer.openCards.some((c) => c.programId === p.id))
    .map((p) => ({
      programId: p.id,
      name: p.name,
      detail: t("card.new", { count: p.stampsRequired, reward: p.reward }),
      isDefault: p.isDefault,
      complete: false,
      room: p.stampsRequired,
    }));
  return [...open, ...fresh];
}

function AddStampForm<S extends QueryKey, P extends QueryKey>({
  sources,
  methods,
  mayOverride,
  byValue,
  onDone,
}: {
  sources: AddStampSources<S, P>;
  methods?: readonly StaffStampMethod[];
  mayOverride?: boolean;
  byValue?: StampValueRule | null;
  onDone: () => void;
}) {
  const { t } = useTranslation("stamps");
  const id = useId();
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [programId, setProgramId] = useState<string | null>(null);
  // One key per customer and card chosen: a retry of the same submission adds nothing.
  const [key, setKey] = useState(() => crypto.randomUUID());
  // The previous answer stays while the next search loads: the chosen customer and card do not
  // vanish for a moment (a click then would have sent no card, stamping the default one).
  const customers = useQuery({
    ...sources.customerSearch(debounced),
    placeholderData: keepPreviousData,
  });
  const programs = useQuery(sources.programs());
  const addStamp = useAddStamp();
  const customer = customers.data?.find((c) => c.id === customerId);
  const choices = useCardChoices(customer, programs.data);
  const selectable = choices.filter((c) => !c.complete);
  // The chosen card, else the default programme's, else the first that takes a stamp.
  const chosen =
    selectable.find((c) => c.programId === programId) ??
    selectable.find((c) => c.isDefault) ??
    selectable[0];

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const choose = (next: { customerId?: string; programId?: string }) => {
    if (next.customerId !== undefined) {
      setCustomerId(next.customerId);
      setProgramId(null);
    }
    if (next.programId !== undefined) setProgramId(next.programId);
    setKey(crypto.randomUUID());
    addStamp.reset();
  };

  const submit = (stamp: AddStamp) => {
    if (!customerId) return;
    addStamp.mutate(
      { customerId, key, input: { ...stamp, programId: programId ?? chosen?.programId } },
      {
        onSuccess: () => {
          toast.success(t("added.title"), { description: t("added.description") });
          onDone();
        },
      },
    );
  };

  return (
    <StampForm
      methods={methods}
      mayOverride={mayOverride}
      byValue={byValue}
      room={chosen?.room}
      onSubmit={submit}
      pending={addStamp.isPending}
      error={addStamp.error}
      canSubmit={!!customerId && (choices.length === 0 || !!chosen)}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-search`}>{t("search")}</Label>
        <Input
          id={`${id}-search`}
          type="search"
          placeholder={t("searchPlaceholder")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <fieldset className="grid max-h-48 gap-1 overflow-y-auto">
          <legend className="sr-only">{t("customer")}</legend>
          {customers.data?.map((c) => (
            <label
              key={c.id}
              className="flex cursor-pointer items-center gap-2 rounded-md border p-2 text-sm has-checked:border-primary"
            >
              <input
                type="radio"
                name={`${id}-customer`}
                value={c.id}
                checked={customerId === c.id}
                onChange={() => choose({ customerId: c.id })}
              />
              <span className="grid min-w-0">
                <span className="break-words font-medium">{c.name}</span>
                <span className="break-all text-muted-foreground text-xs">
                  {c.email}
                  {c.openCards.length === 1
                    ? ` · ${c.openCards[0]!.stamps}/${c.openCards[0]!.maxStamps}`
                    : ""}
                  {c.openCards.length > 1
                    ? ` · ${t("openCards", { count: c.openCards.length })}`
                    : ""}
                </span>
              </span>
            </label>
          ))}
          {customers.data?.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t("noCustomers")}</p>
          ) : null}
        </fieldset>
      </div>
      {customer && choices.length > 0 ? (
        <fieldset className="grid gap-1">
          <legend className="mb-2 font-medium text-sm">{t("card.legend")}</legend>
          {choices.map((c) => (
            <label
              key={c.programId}
              className="flex cursor-pointer items-center gap-2 rounded-md border p-2 text-sm has-checked:border-primary has-disabled:cursor-not-allowed has-disabled:opacity-60"
            >
              <input
                type="radio"
                name={`${id}-card`}
                value={c.programId}
                checked={chosen?.programId === c.programId}
                disabled={c.complete}
                onChange={() => choose({ programId: c.programId })}
              />
              <span className="grid min-w-0">
                <span className="break-words font-medium">{c.name}</span>
                <span className="break-words text-muted-foreground text-xs">
                  {c.complete ? t("card.complete") : c.detail}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </StampForm>
  );
}
