import { zodResolver } from "@hookform/resolvers/zod";
import {
  CLAIM_REASON_MAX_LENGTH,
  type RejectClaim,
  RejectClaimSchema,
} from "@shared/claims.schema";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";

/** A claim's 'Rejeitar': the reason, then 'Confirmar rejeição' (pending-claims-card.tsx). */
export function RejectClaimForm({
  hidden,
  pending,
  onReject,
}: {
  hidden: boolean;
  pending: boolean;
  onReject: (reason: string) => void;
}) {
  const { t } = useTranslation("claims");
  const id = useId();
  const form = useForm<RejectClaim>({
    resolver: zodResolver(RejectClaimSchema),
    defaultValues: { reason: "" },
    reValidateMode: "onSubmit",
  });
  const reason = form.watch("reason");
  return (
    <form
      className="grid gap-2"
      hidden={hidden}
      onSubmit={form.handleSubmit((input) => onReject(input.reason))}
    >
      <Label htmlFor={id}>{t("pending.reason")}</Label>
      <Input id={id} maxLength={CLAIM_REASON_MAX_LENGTH} {...form.register("reason")} />
      <Button
        type="submit"
        size="sm"
        variant="destructive"
        className="justify-self-start"
        disabled={!reason.trim() || pending}
      >
        {t("pending.confirmReject")}
      </Button>
    </form>
  );
}
