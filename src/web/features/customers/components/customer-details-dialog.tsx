import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CustomerDetails,
  type CustomerRow,
  type UpdateCustomerRecord,
  UpdateCustomerRecordSchema,
} from "@shared/customers.schema";
import { useQuery } from "@tanstack/react-query";
import { Eye, Pencil } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { StateOptions } from "@/web/components/brazil-options";
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
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { formatDate, formatDateTime } from "@/web/lib/format";
import { customerDetailsQueryOptions, useUpdateCustomerRecord } from "../api";

/**
 * 'Ver Detalhes': the customer's data (editable: the company's own record) and their messages.
 * `children` is what another feature shows about the customer there (the route composes it: the
 * referral bonus), rendered below the data once the dialog is open.
 */
export function CustomerDetailsDialog({
  customer,
  children,
}: {
  customer: CustomerRow;
  children?: ReactNode;
}) {
  const { t } = useTranslation("customers");
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline">
          <Eye aria-hidden="true" />
          {t("details.open")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogTitle>{t("details.title", { name: customer.name })}</DialogTitle>
        <DialogDescription>
          {t("details.description", { date: formatDate(customer.joinedAt) })}
        </DialogDescription>
        <Details customerId={customer.id} partnerOrigin={customer.partnerOrigin}>
          {children}
        </Details>
        <CloseButton />
      </DialogContent>
    </Dialog>
  );
}

function Details({
  customerId,
  partnerOrigin,
  children,
}: {
  customerId: string;
  /** The partner company that sent the customer (its partnership link), if any. */
  partnerOrigin: string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation("customers");
  const details = useQuery(customerDetailsQueryOptions(customerId));
  const [editing, setEditing] = useState(false);
  if (details.isPending) return <Spinner />;
  if (details.isError)
    return (
      <p role="alert" className="text-destructive text-sm">
        {errorMessage(details.error)}
      </p>
    );
  const c = details.data;
  const facts: [string, string][] = [
    [t("details.email"), c.email],
    [t("details.phone"), c.phone || "—"],
    [t("details.birthDate"), c.birthDate ? formatDate(c.birthDate) : "—"],
    [t("details.city"), c.city || "—"],
    [t("details.state"), c.state || "—"],
    [t("details.status"), t(`status.${c.status}`)],
    [t("details.notes"), c.notes || "—"],
    ...(partnerOrigin ? [[t("details.partnerOrigin"), partnerOrigin] as [string, string]] : []),
  ];

  return (
    <div className="grid gap-5 text-sm">
      {editing ? (
        <EditRecordForm details={c} onDone={() => setEditing(false)} />
      ) : (
        <div className="grid gap-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="whitespace-pre-wrap break-all">{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {t("details.edit")}
            </Button>
          </div>
        </div>
      )}
      {children}
      <Conversation details={c} />
    </div>
  );
}

function EditRecordForm({ details, onDone }: { details: CustomerDetails; onDone: () => void }) {
  const { t } = useTranslation("customers");
  const form = useForm<z.input<typeof UpdateCustomerRecordSchema>, unknown, UpdateCustomerRecord>({
    resolver: zodResolver(UpdateCustomerRecordSchema),
    // What the table shows: the company's record, or the profile where it has none.
    defaultValues: {
      phone: details.phone ?? "",
      birthDate: details.birthDate ?? "",
      city: details.city ?? "",
      state: details.state ?? "",
      notes: details.notes ?? "",
    },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const update = useUpdateCustomerRecord();
  const phone = field("phone");
  const birthDate = field("birthDate");
  const city = field("city");
  const state = field("state");
  const notes = field("notes");
  const fromProfile = (value: string | null) =>
    value ? t("details.fromProfile", { value }) : undefined;

  const onSubmit = form.handleSubmit((input) =>
    update.mutate(
      { id: details.id, input },
      {
        onSuccess: () => {
          toast.success(t("details.saved"));
          onDone();
        },
        onError: (error) => applyServerFieldErrors(form, error),
      },
    ),
  );

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <p className="text-muted-foreground text-xs">{t("details.recordHint")}</p>
      {update.isError ? (
        <p role="alert" className="font-medium text-destructive">
          {errorMessage(update.error)}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={phone.id}
          label={t("details.phone")}
          hint={fromProfile(details.profile.phone)}
          error={phone.error}
        >
          <Input type="tel" inputMode="tel" {...phone.control} />
        </Field>
        <Field
          id={birthDate.id}
          label={t("details.birthDate")}
          hint={
            details.profile.birthDate
              ? fromProfile(formatDate(details.profile.birthDate))
              : undefined
          }
          error={birthDate.error}
        >
          <Input type="date" {...birthDate.control} />
        </Field>
        <Field
          id={city.id}
          label={t("details.city")}
          hint={fromProfile(details.profile.city)}
          error={city.error}
        >
          <Input {...city.control} />
        </Field>
        <Field
          id={state.id}
          label={t("details.state")}
          hint={fromProfile(details.profile.state)}
          error={state.error}
        >
          <NativeSelect {...state.control}>
            <StateOptions />
          </NativeSelect>
        </Field>
      </div>
      <Field id={notes.id} label={t("details.notes")} error={notes.error}>
        <textarea
          rows={3}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm"
          {...notes.control}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("details.cancel")}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {t("details.save")}
        </Button>
      </div>
    </form>
  );
}

/** The messages with the company, read-only; company answers carry the spec's prefix. */
function Conversation({ details }: { details: CustomerDetails }) {
  const { t } = useTranslation("customers");
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold">{t("details.messages")}</h3>
      {details.conversation.length === 0 ? (
        <p className="text-muted-foreground">{t("details.noMessages")}</p>
      ) : (
        <ol className="grid gap-2" aria-label={t("details.messages")}>
          {details.conversation.map((m) => (
            <li
              key={m.id}
              className={
                m.sender === "company"
                  ? "ml-6 grid gap-1 rounded-md border border-primary/30 bg-primary/5 p-2"
                  : "mr-6 grid gap-1 rounded-md border p-2"
              }
            >
              <span className="flex flex-wrap items-center justify-between gap-2 text-muted-foreground text-xs">
                <span>{formatDateTime(m.createdAt)}</span>
                {m.sender === "customer" && m.status === "pending" ? (
                  <span className="rounded-full bg-destructive px-2 py-0.5 font-medium text-white">
                    {t("details.pending")}
                  </span>
                ) : null}
              </span>
              {m.subject ? <strong className="font-semibold">{m.subject}</strong> : null}
              <span className="whitespace-pre-wrap break-words">
                {m.sender === "company" && !m.subject ? (
                  <strong className="font-semibold">{t("details.companyAnswer")}</strong>
                ) : null}
                {m.body}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A visible way out of the dialog (besides Escape and the overlay). */
function CloseButton() {
  const { t } = useTranslation("customers");
  return (
    <div className="flex justify-end">
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {t("details.close")}
        </Button>
      </DialogClose>
    </div>
  );
}
