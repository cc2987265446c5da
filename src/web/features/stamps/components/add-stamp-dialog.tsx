import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { StampMethod } from "@/shared/loyalty.schema";
import { StampMethodSelect } from "@/web/components/stamp-method-select";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { customerSearchQueryOptions, useAddStamp } from "../api";

/** The dashboard's 'Adicionar Carimbo': find the customer, choose how it was earned, save. */
export function AddStampDialog() {
  const { t } = useTranslation("stamps");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <Plus aria-hidden="true" />
          {t("open")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("title")}</DialogTitle>
        <DialogDescription>{t("description")}</DialogDescription>
        {open ? <AddStampForm onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddStampForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("stamps");
  const id = useId();
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [method, setMethod] = useState<StampMethod>("purchase");
  const [notes, setNotes] = useState("");
  // One key per dialog opening: a retry of the same submission adds nothing.
  const [key] = useState(() => crypto.randomUUID());
  const customers = useQuery(customerSearchQueryOptions(debounced));
  const addStamp = useAddStamp();

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!customerId) return;
    addStamp.mutate(
      { customerId, key, input: { method, notes: notes.trim() } },
      {
        onSuccess: () => {
          toast.success(t("added.title"), { description: t("added.description") });
          onDone();
        },
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
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
                onChange={() => setCustomerId(c.id)}
              />
              <span className="grid">
                <span className="font-medium">{c.name}</span>
                <span className="text-muted-foreground text-xs">
                  {c.email}
                  {c.openCard ? ` · ${c.openCard.stamps}/${c.openCard.maxStamps}` : ""}
                </span>
              </span>
            </label>
          ))}
          {customers.data?.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t("noCustomers")}</p>
          ) : null}
        </fieldset>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-method`}>{t("method")}</Label>
        <StampMethodSelect id={`${id}-method`} value={method} onChange={setMethod} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-notes`}>{t("notes")}</Label>
        <Input
          id={`${id}-notes`}
          value={notes}
          maxLength={500}
          onChange={(e) => setNotes(e.target.value)}
        />
      </div>
      {addStamp.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(addStamp.error)}
        </p>
      ) : null}
      <Button type="submit" disabled={!customerId || addStamp.isPending}>
        {addStamp.isPending ? <Spinner /> : null}
        {t("submit")}
      </Button>
    </form>
  );
}
