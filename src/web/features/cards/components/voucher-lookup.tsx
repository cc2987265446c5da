import { zodResolver } from "@hookform/resolvers/zod";
import { type FindVoucher, FindVoucherSchema, VOUCHER_CODE_MAX_LENGTH } from "@shared/cards.schema";
import type { Program } from "@shared/programs.schema";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { fieldErrorId, useFormField } from "@/web/lib/form";
import { cardByCodeQueryOptions } from "../api";
import { CompactCard } from "./compact-card";

/**
 * 'Resgatar voucher': the code the customer shows (or its QR code's text) finds their complete
 * card in this company; the card's 'Marcar Utilização' redeems it. `programs`: the company's
 * programmes, for the card's details.
 */
export function VoucherLookup({ programs }: { programs?: Program[] }) {
  const { t } = useTranslation("cards");
  const id = useId();
  const [code, setCode] = useState("");
  const card = useQuery(cardByCodeQueryOptions(code));
  const form = useForm<FindVoucher>({
    resolver: zodResolver(FindVoucherSchema),
    defaultValues: { code: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const input = field("code");
  const typed = form.watch("code");

  // The schema trims the code and puts it in capitals.
  const onSubmit = form.handleSubmit((values) => setCode(values.code));

  return (
    <section className="grid gap-3 rounded-lg border bg-card p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold">
        {t("voucher.title")}
      </h2>
      <form className="flex flex-wrap items-end gap-2" onSubmit={onSubmit} noValidate>
        <div className="grid min-w-0 gap-1">
          <Label htmlFor={input.id}>{t("voucher.code")}</Label>
          <Input
            maxLength={VOUCHER_CODE_MAX_LENGTH}
            autoComplete="off"
            className="w-44 max-w-full font-mono uppercase tracking-widest"
            {...input.control}
          />
          {input.error ? (
            <p id={fieldErrorId(input.id)} className="font-medium text-destructive text-sm">
              {input.error}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="outline" disabled={typed.trim().length === 0}>
          {t("voucher.find")}
        </Button>
      </form>
      {card.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {card.error instanceof ApiError && card.error.status === 404
            ? t("voucher.notFound")
            : errorMessage(card.error)}
        </p>
      ) : null}
      {card.data ? <CompactCard card={card.data} programs={programs} /> : null}
    </section>
  );
}
