import { zodResolver } from "@hookform/resolvers/zod";
import {
  CreateStaffInvitationSchema,
  type Location,
  STAFF_INVITATION_TTL_DAYS,
} from "@shared/team.schema";
import { MEMBER_ROLES } from "@shared/team-permissions";
import { UserPlus } from "lucide-react";
import { useState } from "react";
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
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useInviteStaff } from "../api";

type Values = z.input<typeof CreateStaffInvitationSchema>;
const EMPTY: Values = { email: "", role: "attendant", locationId: "" };

/**
 * 'Convidar': the person's e-mail and role, and their shop when the company lists two or more
 * (`locations`). The person gets a link by e-mail; the answer says nothing about their account.
 */
export function InviteDialog({ locations }: { locations: Location[] }) {
  const { t } = useTranslation("team");
  const [open, setOpen] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof CreateStaffInvitationSchema>>({
    resolver: zodResolver(CreateStaffInvitationSchema),
    defaultValues: EMPTY,
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const invite = useInviteStaff();
  const email = field("email");
  const role = field("role");
  const location = field("locationId");

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(EMPTY);
      invite.reset();
    }
  };

  const onSubmit = form.handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: (invitation) => {
        toast.success(t("invite.sent", { email: invitation.email }));
        onOpenChange(false);
      },
      onError: (error) => applyServerFieldErrors(form, error),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" size="lg">
          <UserPlus aria-hidden="true" />
          {t("invite.open")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{t("invite.title")}</DialogTitle>
        <DialogDescription>
          {t("invite.description", { days: STAFF_INVITATION_TTL_DAYS })}
        </DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {invite.isError ? (
            <p
              role="alert"
              className="rounded-md border border-destructive/50 p-2 font-medium text-destructive text-sm"
            >
              {errorMessage(invite.error)}
            </p>
          ) : null}
          <Field id={email.id} label={t("invite.email")} error={email.error}>
            <Input type="email" inputMode="email" autoComplete="off" {...email.control} />
          </Field>
          <Field id={role.id} label={t("invite.role")} error={role.error}>
            <NativeSelect {...role.control}>
              {MEMBER_ROLES.map((value) => (
                <option key={value} value={value}>
                  {t(`roles.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {locations.length >= 2 ? (
            <Field id={location.id} label={t("invite.location")} error={location.error}>
              <NativeSelect {...location.control}>
                <option value="">{t("invite.anyLocation")}</option>
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline" size="lg">
                {t("invite.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" size="lg" disabled={invite.isPending}>
              {t("invite.submit")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
