import { zodResolver } from "@hookform/resolvers/zod";
import { type CustomerProfile, CustomerProfileSchema } from "@shared/auth.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useSaveCustomerProfile } from "../api";
import { CityStateFields, FormErrorAlert, PhoneField, today } from "./account-fields";

type Place = { city: string | null; state: string | null };
/** The person's own fields as /api/me has them. */
export type OwnFields = Place & { name: string; phone: string | null; birthDate: string | null };

/**
 * The open 'Meu perfil' (customer-profile-dialog.tsx opens it): its form, react-hook-form and the
 * schema are fetched on the first tap, not with the customer's first screen (issue 35).
 */
export function CustomerProfileDialogContent({
  onOpenChange,
  onCloseAutoFocus,
  ...own
}: OwnFields & {
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation(["customer", "auth"]);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>{t("profile.title")}</DialogTitle>
        <DialogDescription>{t("profile.description")}</DialogDescription>
        <ProfileForm {...own} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ProfileForm({ onDone, ...own }: OwnFields & { onDone: () => void }) {
  const { t } = useTranslation(["customer", "auth"]);
  const form = useForm<z.input<typeof CustomerProfileSchema>, unknown, CustomerProfile>({
    resolver: zodResolver(CustomerProfileSchema),
    defaultValues: {
      name: own.name,
      phone: own.phone ?? "",
      birthDate: own.birthDate ?? "",
      city: own.city ?? "",
      state: own.state ?? "",
    },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const save = useSaveCustomerProfile();
  const name = field("name");
  const birthDate = field("birthDate");
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast.success(t("profile.saved"));
        onDone();
      },
      onError: (error) => applyServerFieldErrors(form, error),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {save.isError ? <FormErrorAlert>{errorMessage(save.error)}</FormErrorAlert> : null}
      <Field id={name.id} label={t("auth:fields.name")} error={name.error}>
        <Input autoComplete="name" {...name.control} />
      </Field>
      <PhoneField field={field("phone")} optional={true} />
      <Field id={birthDate.id} label={t("auth:fields.birthDate")} error={birthDate.error}>
        <Input type="date" autoComplete="bday" max={today()} {...birthDate.control} />
      </Field>
      <CityStateFields city={field("city")} state={field("state")} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t("profile.cancel")}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {t("profile.save")}
        </Button>
      </div>
    </form>
  );
}
