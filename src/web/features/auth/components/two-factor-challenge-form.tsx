import { zodResolver } from "@hookform/resolvers/zod";
import type { Me } from "@shared/auth.schema";
import { TwoFactorCodeSchema } from "@shared/security.schema";
import { ShieldCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useSignInTwoFactor } from "../api";
import { FormErrorAlert } from "./account-fields";

const CodeFormSchema = z.object({ code: TwoFactorCodeSchema, backup: z.boolean() });
type CodeForm = z.infer<typeof CodeFormSchema>;

/**
 * The second step of a sign-in with 2FA. A challenge that is over (expired, too many wrong codes)
 * sends the person back to the password step with the reason.
 */
export function TwoFactorChallengeForm({
  onSignedIn,
  onCancel,
}: {
  onSignedIn: (me: Me) => void;
  onCancel: (error?: unknown) => void;
}) {
  const { t } = useTranslation("auth");
  const form = useForm<CodeForm>({
    resolver: zodResolver(CodeFormSchema),
    defaultValues: { code: "", backup: false },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const verify = useSignInTwoFactor();
  const backup = form.watch("backup");

  const onSubmit = form.handleSubmit(({ code, backup }) => {
    verify.mutate(
      { code, method: backup ? "backup" : "totp" },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (error instanceof ApiError && error.code === "two_factor_challenge_expired") {
            onCancel(error);
            return;
          }
          applyServerFieldErrors(form, error);
          form.setValue("code", "");
          form.setFocus("code");
        },
      },
    );
  });

  const toggleBackup = () => {
    form.setValue("backup", !backup);
    form.setValue("code", "");
    form.clearErrors("code");
    verify.reset();
  };

  const code = field("code");

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="grid gap-1">
          <h2 className="font-semibold">{t("twoFactor.title")}</h2>
          <p className="text-muted-foreground text-sm">
            {backup ? t("twoFactor.backupDescription") : t("twoFactor.description")}
          </p>
        </div>
      </div>

      {verify.isError ? (
        <FormErrorAlert>
          <p>{errorMessage(verify.error, "network")}</p>
        </FormErrorAlert>
      ) : null}

      <Field
        id={code.id}
        label={backup ? t("twoFactor.backupCode") : t("twoFactor.code")}
        error={code.error}
      >
        <Input
          autoFocus
          autoComplete="one-time-code"
          inputMode={backup ? "text" : "numeric"}
          maxLength={backup ? 32 : 6}
          placeholder={backup ? "xxxxx-xxxxx" : "000000"}
          className="font-mono tracking-widest"
          {...code.control}
        />
      </Field>
      <Button type="submit" size="lg" disabled={verify.isPending} aria-busy={verify.isPending}>
        {verify.isPending ? <Spinner /> : null}
        {t("twoFactor.submit")}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="link" className="px-0" onClick={toggleBackup}>
          {backup ? t("twoFactor.useApp") : t("twoFactor.useBackup")}
        </Button>
        <Button type="button" variant="link" className="px-0" onClick={() => onCancel()}>
          {t("twoFactor.back")}
        </Button>
      </div>
    </form>
  );
}
