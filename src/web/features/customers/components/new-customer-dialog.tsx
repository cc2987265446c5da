import { zodResolver } from "@hookform/resolvers/zod";
import { type CreateCustomer, CreateCustomerSchema } from "@shared/customers.schema";
import { UserPlus } from "lucide-react";
import { useState } from "react";
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
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useCreateCustomer } from "../api";

const EMPTY = { name: "", email: "", phone: "", birthDate: "", city: "", state: "" };

/**
 * 'Novo Cliente' ('Cadastrar Novo Cliente'): the person gets an invitation by e-mail and joins the
 * base (with a card in the default programme) only by accepting it. The answer is the same for
 * every e-mail: nothing tells whether it has an account.
 */
export function NewCustomerDialog() {
  const { t } = useTranslation("customers");
  const [open, setOpen] = useState(false);
  const form = useForm<z.input<typeof CreateCustomerSchema>, unknown, CreateCustomer>({
    resolver: zodResolver(CreateCustomerSchema),
    defaultValues: EMPTY,
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const create = useCreateCustomer();
  const name = field("name");
  const email = field("email");
  const phone = field("phone");
  const birthDate = field("birthDate");
  const city = field("city");
  const state = field("state");

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(EMPTY);
      create.reset();
    }
  };

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: ({ invitation }) => {
        toast.success(t("new.invited", { email: invitation.email }));
        onOpenChange(false);
      },
      onError: (error) => applyServerFieldErrors(form, error),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button">
          <UserPlus aria-hidden="true" />
          {t("new.open")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{t("new.title")}</DialogTitle>
        <DialogDescription>{t("new.description")}</DialogDescription>
        <form className="grid gap-3" onSubmit={onSubmit} noValidate>
          {create.isError ? (
            <p
              role="alert"
              className="rounded-md border border-destructive/50 p-2 font-medium text-destructive text-sm"
            >
              {errorMessage(create.error)}
            </p>
          ) : null}
          <Field id={name.id} label={t("new.name")} error={name.error}>
            <Input autoComplete="off" {...name.control} />
          </Field>
          <Field id={email.id} label={t("new.email")} error={email.error}>
            <Input type="email" inputMode="email" autoComplete="off" {...email.control} />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={phone.id} label={t("new.phone")} error={phone.error}>
              <Input type="tel" inputMode="tel" autoComplete="off" {...phone.control} />
            </Field>
            <Field id={birthDate.id} label={t("new.birthDate")} error={birthDate.error}>
              <Input type="date" {...birthDate.control} />
            </Field>
          </div>
          <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
            <Field id={city.id} label={t("new.city")} error={city.error}>
              <Input autoComplete="off" {...city.control} />
            </Field>
            <Field id={state.id} label={t("new.state")} error={state.error}>
              <NativeSelect {...state.control}>
                <StateOptions />
              </NativeSelect>
            </Field>
          </div>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t("new.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {t("new.submit")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
