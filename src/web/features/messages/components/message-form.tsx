import { zodResolver } from "@hookform/resolvers/zod";
import { MESSAGE_MAX_LENGTH, type MessageBody, MessageBodySchema } from "@shared/messages.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { CharacterCount } from "@/web/components/character-count";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useSendMessage } from "../api";

type MessageFormProps = {
  companyId: string;
  /** After the message was saved (the toast 'Mensagem enviada' is shown here). */
  onSent?: () => void;
  /** Extra buttons next to the submit button (e.g. the dialog's 'Cancelar'). */
  actions?: React.ReactNode;
};

/** A customer's message to one company, validated with the schema the API uses. */
export function MessageForm({ companyId, onSent, actions }: MessageFormProps) {
  const { t } = useTranslation("messages");
  const form = useForm<MessageBody>({
    resolver: zodResolver(MessageBodySchema),
    defaultValues: { body: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const body = field("body");
  const send = useSendMessage();
  const length = form.watch("body").trim().length;
  // A longer text is refused, never cut: the counter turns red and the button waits.
  const tooLong = length > MESSAGE_MAX_LENGTH;

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(
      { companyId, body: values.body },
      {
        onSuccess: () => {
          toast.success(t("send.sent"));
          form.reset();
          onSent?.();
        },
        onError: (error) => {
          applyServerFieldErrors(form, error);
          toast.error(t("send.error"), { description: errorMessage(error) });
        },
      },
    ),
  );

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <Field id={body.id} label={t("send.label")} error={body.error}>
        <Textarea rows={4} placeholder={t("send.placeholder")} {...body.control} />
      </Field>
      <CharacterCount count={length} max={MESSAGE_MAX_LENGTH} className="-mt-2" />
      <div className="flex justify-end gap-2">
        {actions}
        <Button type="submit" disabled={length === 0 || tooLong || send.isPending}>
          {send.isPending ? <Spinner /> : null}
          {t("send.submit")}
        </Button>
      </div>
    </form>
  );
}
