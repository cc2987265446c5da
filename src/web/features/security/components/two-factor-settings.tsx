import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ConfirmTwoFactor,
  ConfirmTwoFactorSchema,
  type PasswordConfirmation,
  PasswordConfirmationSchema,
  TOTP_CODE_LENGTH,
  type TwoFactorEnrolment,
} from "@shared/security.schema";
import { useQuery } from "@tanstack/react-query";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { PasswordInput } from "@/web/components/ui/password-input";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import {
  securityStatusQueryOptions,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactor,
} from "../api";

/**
 * 2FA with an authenticator app: the password starts the enrolment (QR code and key), a code of
 * the app confirms it, then the backup codes are shown once. Turning it off asks the password.
 */
export function TwoFactorSettings() {
  const { t } = useTranslation(["security", "common"]);
  const status = useQuery(securityStatusQueryOptions());
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);

  const enabled = status.data?.twoFactorEnabled ?? false;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h3 className="font-medium">{t("twoFactor.title")}</h3>
          <p className="text-muted-foreground text-sm">{t("twoFactor.description")}</p>
        </div>
        {status.isSuccess ? (
          <span
            className={
              enabled
                ? "rounded-full bg-emerald-100 px-2.5 py-0.5 font-medium text-emerald-800 text-xs dark:bg-emerald-900/40 dark:text-emerald-200"
                : "rounded-full bg-muted px-2.5 py-0.5 font-medium text-muted-foreground text-xs"
            }
          >
            {enabled ? t("twoFactor.on") : t("twoFactor.off")}
          </span>
        ) : null}
      </div>

      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
          {t("loadError")}
          <Button type="button" variant="outline" size="sm" onClick={() => void status.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      ) : backupCodes ? (
        <BackupCodes codes={backupCodes} onDone={() => setBackupCodes(null)} />
      ) : enrolment ? (
        <Enrolment
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onConfirmed={() => {
            setBackupCodes(enrolment.backupCodes);
            setEnrolment(null);
          }}
        />
      ) : (
        <PasswordStep enabled={enabled} onStarted={setEnrolment} />
      )}
    </div>
  );
}

/** The password, then either the enrolment starts (2FA off) or 2FA is turned off. */
function PasswordStep({
  enabled,
  onStarted,
}: {
  enabled: boolean;
  onStarted: (enrolment: TwoFactorEnrolment) => void;
}) {
  const { t } = useTranslation(["security", "auth"]);
  const form = useForm<PasswordConfirmation>({
    resolver: zodResolver(PasswordConfirmationSchema),
    defaultValues: { password: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const start = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const pending = start.isPending || disable.isPending;

  const onError = (error: Error) => {
    if (error instanceof ApiError && error.code === "wrong_password") {
      form.setError("password", { type: "server", message: errorMessage(error) });
      form.setFocus("password");
      return;
    }
    applyServerFieldErrors(form, error);
    if (!(error instanceof ApiError && error.code === "validation_failed"))
      toast.error(errorMessage(error));
  };

  const onSubmit = form.handleSubmit((values) => {
    if (enabled) {
      disable.mutate(values, {
        onSuccess: () => {
          form.reset();
          toast.success(t("twoFactor.disabled"), {
            description: t("twoFactor.disabledDescription"),
          });
        },
        onError,
      });
    } else {
      start.mutate(values, { onSuccess: onStarted, onError });
    }
  });

  const password = field("password", { hint: true });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:max-w-sm">
      <Field
        id={password.id}
        label={t("twoFactor.password")}
        hint={t("twoFactor.passwordHint")}
        error={password.error}
      >
        <PasswordInput
          autoComplete="current-password"
          showLabel={t("auth:password.show")}
          hideLabel={t("auth:password.hide")}
          {...password.control}
        />
      </Field>
      <div>
        <Button
          type="submit"
          variant={enabled ? "destructive" : "default"}
          disabled={pending}
          aria-busy={pending}
        >
          {pending ? <Spinner /> : null}
          {enabled ? t("twoFactor.disable") : t("twoFactor.enable")}
        </Button>
      </div>
    </form>
  );
}

/** The QR code and its key, and the code of the app that confirms the enrolment. */
function Enrolment({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: TwoFactorEnrolment;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const { t } = useTranslation("security");
  const [qr, setQr] = useState<string | null>(null);
  const form = useForm<ConfirmTwoFactor>({
    resolver: zodResolver(ConfirmTwoFactorSchema),
    defaultValues: { code: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const confirm = useConfirmTwoFactor();

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(enrolment.totpUri, { width: 200, margin: 2 })
      .then((url) => live && setQr(url))
      .catch((error: unknown) => console.error("QR code generation failed", error));
    return () => {
      live = false;
    };
  }, [enrolment.totpUri]);

  const onSubmit = form.handleSubmit((values) => {
    confirm.mutate(values, {
      onSuccess: () => {
        toast.success(t("twoFactor.enabled"), { description: t("twoFactor.enabledDescription") });
        onConfirmed();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === "two_factor_invalid_code") {
          form.setError("code", { type: "server", message: errorMessage(error) });
          form.setValue("code", "");
          form.setFocus("code");
          return;
        }
        applyServerFieldErrors(form, error);
        if (!(error instanceof ApiError && error.code === "validation_failed"))
          toast.error(errorMessage(error));
      },
    });
  });

  const code = field("code");
  return (
    <div className="grid gap-4">
      <p className="text-sm">{t("twoFactor.scan")}</p>
      <div className="flex flex-wrap items-center gap-4">
        <div className="grid size-[200px] place-items-center rounded-lg border bg-white">
          {qr ? <img src={qr} alt={t("twoFactor.qrAlt")} width={200} height={200} /> : <Spinner />}
        </div>
        <div className="grid gap-1">
          <p className="text-muted-foreground text-sm">{t("twoFactor.manualKey")}</p>
          <code
            data-testid="two-factor-secret"
            className="break-all rounded bg-muted px-2 py-1 font-mono text-sm"
          >
            {enrolment.secret}
          </code>
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:max-w-sm">
        <p className="text-sm">{t("twoFactor.enterCode")}</p>
        <Field id={code.id} label={t("twoFactor.code")} error={code.error}>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={TOTP_CODE_LENGTH}
            placeholder="000000"
            className="font-mono tracking-widest"
            {...code.control}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending} aria-busy={confirm.isPending}>
            {confirm.isPending ? <Spinner /> : null}
            {t("twoFactor.confirm")}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t("twoFactor.cancel")}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The backup codes, shown this once. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("security");
  const copy = () => {
    navigator.clipboard
      .writeText(codes.join("\n"))
      .then(() => toast.success(t("twoFactor.copied")))
      .catch((error: unknown) => console.error("Copy failed", error));
  };
  return (
    <div className="grid gap-3">
      <h4 className="font-medium text-sm">{t("twoFactor.backupTitle")}</h4>
      <p className="text-muted-foreground text-sm">{t("twoFactor.backupHint")}</p>
      <ul
        aria-label={t("twoFactor.backupTitle")}
        className="grid max-w-md grid-cols-2 gap-2 rounded-lg border bg-muted/40 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          {t("twoFactor.copy")}
        </Button>
        <Button type="button" onClick={onDone}>
          {t("twoFactor.done")}
        </Button>
      </div>
    </div>
  );
}
