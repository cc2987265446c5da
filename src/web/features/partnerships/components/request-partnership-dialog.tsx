import { zodResolver } from "@hookform/resolvers/zod";
import {
  type MarketplaceCompany,
  PARTNERSHIP_PROPOSAL_MAX,
  type PartnershipRequest,
  PartnershipRequestSchema,
} from "@shared/partnerships.schema";
import { Handshake } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { CharacterCount } from "@/web/components/character-count";
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
import { Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { fieldErrorId } from "@/web/lib/form";
import { useRequestPartnership } from "../api";

/** 'Solicitar Parceria': a short proposal (required, at most 500 characters) to the company. */
export function RequestPartnershipDialog({ company }: { company: MarketplaceCompany }) {
  const { t } = useTranslation("partnerships");
  const id = useId();
  const [open, setOpen] = useState(false);
  const request = useRequestPartnership();
  const form = useForm<PartnershipRequest>({
    resolver: zodResolver(PartnershipRequestSchema),
    defaultValues: { companyId: company.id, proposal: "" },
    reValidateMode: "onSubmit",
  });
  const length = form.watch("proposal").trim().length;
  const tooLong = length > PARTNERSHIP_PROPOSAL_MAX;
  const error = validationMessage(form.formState.errors.proposal?.message);

  // The entry shows 'Solicitação enviada' instead of this dialog once the list is refreshed:
  // closed first, and the promise rather than mutate's callbacks (an unmounted component's
  // callbacks do not run).
  const submit = form.handleSubmit((input) =>
    request.mutateAsync(input).then(
      () => {
        setOpen(false);
        form.reset();
        toast.success(t("requestDialog.sent"), {
          description: t("requestDialog.sentDescription", { name: company.name }),
        });
      },
      (failure: unknown) =>
        toast.error(t("requestDialog.error"), { description: errorMessage(failure) }),
    ),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm">
          <Handshake aria-hidden="true" />
          {t("marketplace.request")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogTitle>{t("requestDialog.title", { name: company.name })}</DialogTitle>
        <DialogDescription>
          {t("requestDialog.description", { name: company.name })}
        </DialogDescription>
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-proposal`}>{t("requestDialog.proposal")}</Label>
            <Textarea
              id={`${id}-proposal`}
              rows={4}
              placeholder={t("requestDialog.placeholder")}
              aria-invalid={tooLong || Boolean(error) || undefined}
              aria-describedby={
                error ? `${id}-count ${fieldErrorId(`${id}-proposal`)}` : `${id}-count`
              }
              {...form.register("proposal", { onChange: () => form.clearErrors("proposal") })}
            />
            <CharacterCount id={`${id}-count`} count={length} max={PARTNERSHIP_PROPOSAL_MAX} />
            {error ? (
              <p
                id={fieldErrorId(`${id}-proposal`)}
                className="font-medium text-destructive text-sm"
              >
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t("requestDialog.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={request.isPending || length === 0 || tooLong}>
              {request.isPending ? <Spinner /> : null}
              {t("requestDialog.send")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
