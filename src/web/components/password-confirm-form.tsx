import { zodResolver } from "@hookform/resolvers/zod";
import { type PasswordConfirmation, PasswordConfirmationSchema } from "@shared/privacy.schema";
import type { UseMutationResult } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { DialogClose } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { PasswordInput } from "@/web/components/ui/password-input";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";

const isCode = (error: unknown, code: string) => error instanceof ApiError && error.code === code;

/**
 * The password asked again inside a dialog, before what cannot be undone by mistake ('Excluir
 * minha conta', 'Fechar conta'): a wrong one stays on the field, any other refusal above the
 * buttons; 'Cancelar' closes the dialog. `mutation` sends it; `onSuccess` runs once it went through.
 */
export function PasswordConfirmForm<T>({
  mutation,
  onSuccess,
  texts,
}: {
  mutation: UseMutationResult<T, Error, PasswordConfirmation>;
  onSuccess: () => void;
  texts: { label: string; hint: string; cancel: string; confirm: string };
}) {
  const { t } = useTranslation("auth");
  const form = useForm<PasswordConfirmation>({
    resolver: zodResolver(PasswordConfirmationSchema),
    defaultValues: { password: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess,
      onError: (error) => {
        if (isCode(error, "wrong_password")) {
          form.setError("password", { type: "server", message: errorMessage(error) });
          form.setFocus("password");
          return;
        }
        applyServerFieldErrors(form, error);
      },
    }),
  );
  const password = field("password", { hint: true });
  const otherError =
    mutation.isError &&
    !isCode(mutation.error, "wrong_password") &&
    !isCode(mutation.error, "validation_failed");
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field id={password.id} label={texts.label} hint={texts.hint} error={password.error}>
        <PasswordInput
          autoComplete="current-password"
          showLabel={t("password.show")}
          hideLabel={t("password.hide")}
          {...password.control}
        />
      </Field>
      {otherError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(mutation.error)}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {texts.cancel}
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant="destructive"
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
        >
          {mutation.isPending ? <Spinner /> : null}
          {texts.confirm}
        </Button>
      </div>
    </form>
  );
}
