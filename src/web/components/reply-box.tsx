import { type FormEvent, useEffect, useId, useRef, useState } from "react";
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
  maxLength: number;
  pending: boolean;
  /** Called with the trimmed text; resolve to clear the box (reject to keep the text). */
  onSend: (text: string) => Promise<unknown>;
  onCancel: () => void;
};

/**
 * A text box to answer a customer message or an interest (spec section 5: the send button stays
 * disabled while the trimmed text is empty, and while it is over `maxLength`: a live counter).
 */
export function ReplyBox({
  label,
  placeholder,
  sendLabel,
  cancelLabel,
  maxLength,
  pending,
  onSend,
  onCancel,
}: ReplyBoxProps) {
  const id = useId();
  const [text, setText] = useState("");
  const trimmed = text.trim();
  // Longer texts are refused, never cut: the counter turns red and the button waits.
  const tooLong = trimmed.length > maxLength;
  const box = useRef<HTMLTextAreaElement>(null);
  // Opened on demand: take the focus, which also scrolls the box into its column's view.
  useEffect(() => box.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || tooLong || pending) return;
    onSend(trimmed).then(
      () => setText(""),
      () => {},
    );
  };

  return (
    <form className="grid gap-2" onSubmit={submit}>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Textarea
        ref={box}
        id={id}
        value={text}
        placeholder={placeholder}
        aria-label={label}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-count`}
        onChange={(event) => setText(event.target.value)}
        rows={3}
      />
      <CharacterCount id={`${id}-count`} count={trimmed.length} max={maxLength} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" size="sm" disabled={!trimmed || tooLong || pending}>
          {pending ? <Spinner /> : null}
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}
