import { COUNTER_CODE_LENGTH, normalizeShortCode } from "@shared/counter";
import { KeyRound } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";

/** The customer's short code typed at the counter (K7Q-2MX; case, dash and spaces do not matter). */
export function ShortCodeForm({
  onSubmit,
  pending,
}: {
  onSubmit: (code: string) => void;
  pending: boolean;
}) {
  const { t } = useTranslation("counter");
  const id = useId();
  const [text, setText] = useState("");
  const ready = normalizeShortCode(text).length === COUNTER_CODE_LENGTH;
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && !pending) onSubmit(normalizeShortCode(text));
      }}
    >
      <Label htmlFor={id}>{t("shortCode.label")}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value.toUpperCase())}
          placeholder={t("shortCode.placeholder")}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={12}
          className="h-12 min-w-0 flex-1 font-mono text-lg uppercase tracking-widest"
        />
        <Button type="submit" size="lg" className="h-12" disabled={!ready || pending}>
          <KeyRound aria-hidden="true" />
          {t("shortCode.submit")}
        </Button>
      </div>
    </form>
  );
}
