import { zodResolver } from "@hookform/resolvers/zod";
import { type CustomerProfile, CustomerProfileSchema } from "@shared/auth.schema";
import { MapPin, UserRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
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
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useSaveCustomerProfile } from "../api";
import { CityStateFields, FormErrorAlert, PhoneField, today } from "./account-fields";

type Place = { city: string | null; state: string | null };
/** The person's own fields as /api/me has them. */
type OwnFields = Place & { name: string; phone: string | null; birthDate: string | null };

/**
 * 'Meu perfil': the customer's own name, phone, birthday, city and state (the city and state the
 * short sign-up no longer asks, issue 31; corrected here, every company's view follows, issue 34).
 * Only the name is required. `trigger` is the button that opens it.
 */
export function CustomerProfileDialog({
  trigger,
  ...own
}: OwnFields & { trigger: React.ReactNode }) {
  const { t } = useTranslation(["customer", "auth"]);
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("profile.title")}</DialogTitle>
        <DialogDescription>{t("profile.description")}</DialogDescription>
        {open ? <ProfileForm {...own} onDone={() => setOpen(false)} /> : null}
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

/** The 'Meu perfil' button of the customer's panel. */
export function CustomerProfileButton(place: OwnFields) {
  const { t } = useTranslation(["customer", "auth"]);
  return (
    <CustomerProfileDialog
      {...place}
      trigger={
        <Button type="button" variant="outline">
          <UserRound aria-hidden="true" />
          {t("profile.open")}
        </Button>
      }
    />
  );
}

/** 'Complete seu perfil: cidade e estado': a gentle prompt while both are empty. */
export function CompleteProfilePrompt(place: OwnFields) {
  const { t } = useTranslation(["customer", "auth"]);
  if (place.city || place.state) return null;
  return (
    <Alert role="status" className="border-primary/30 bg-primary/5">
      <MapPin aria-hidden="true" className="text-primary" />
      <AlertTitle>{t("profile.prompt")}</AlertTitle>
      <AlertDescription>
        <p>{t("profile.promptDescription")}</p>
        <CustomerProfileDialog
          {...place}
          trigger={
            <Button type="button" size="sm" className="mt-1">
              {t("profile.complete")}
            </Button>
          }
        />
      </AlertDescription>
    </Alert>
  );
}
