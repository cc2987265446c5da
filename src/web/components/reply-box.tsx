import { zodResolver } from "@hookform/resolvers/zod";
import { MESSAGE_MAX_LENGTH, type Reply, ReplySchema } from "@shared/messages.schema";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { validationMessage } from "@/web/lib/error-message";
import { fieldErrorId } from "@/web/lib/form";
import { CharacterCount } from "./character-count";
import { Button } from "./ui/button";
import { Label } from "./ui/label";
import { Spinner } from "./ui/spinner";
import { Textarea } from "./ui/textarea";

type ReplyBoxProps = {
  label: string;
  placeholder: string;
  sendLabel: string;
  cancelLabel: string;
  pending: boolean;
  /** Called with the checked, trimmed text; resolve to clear the box (reject to keep the text). */
  onSend: (text: string) => Promise<unknown>;
  onCancel: () => void;
};

/**
 * A text box to answer a customer message or an interest, checked with the API's `ReplySchema`
 * (spec section 5: the send button stays disabled while the trimmed text is empty, and while it is
 * over MESSAGE_MAX_LENGTH: a live counter).
 */
export function ReplyBox({
  label,
  placeholder,
  sendLabel,
  cancelLabel,
  pending,
  onSend,
  onCancel,
}: ReplyBoxProps) {
  const id = useId();
  const form = useForm<Reply>({
    resolver: zodResolver(ReplySchema),
    defaultValues: { body: "" },
    reValidateMode: "onSubmit",
  });
  const length = form.watch("body").trim().length;
  // Longer texts are refused, never cut: the counter turns red and the button waits.
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const error = validationMessage(form.formState.errors.body?.message);
  const { ref, ...body } = form.register("body", { onChange: () => form.clearErrors("body") });
  // Opened on demand: take the focus, which also scrolls the box into its column's view.
  useEffect(() => form.setFocus("body"), [form]);

  const submit = form.handleSubmit((values) => {
    if (pending) return;
    return onSend(values.body).then(
      () => form.reset(),
      () => {},
    );
  });

  return (
    <form className="grid gap-2" onSubmit={submit}>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Textarea
        ref={ref}
        id={id}
        placeholder={placeholder}
        aria-label={label}
        aria-invalid={tooLong || !!error || undefined}
        aria-describedby={error ? `${id}-count ${fieldErrorId(id)}` : `${id}-count`}
        rows={3}
        {...body}
      />
      <CharacterCount id={`${id}-count`} count={length} max={MESSAGE_MAX_LENGTH} />
      {error ? (
        <p id={fieldErrorId(id)} className="font-medium text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" size="sm" disabled={length === 0 || tooLong || pending}>
          {pending ? <Spinner /> : null}
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}
