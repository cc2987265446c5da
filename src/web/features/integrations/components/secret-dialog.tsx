import type { CreatedApiKey } from "@shared/integrations.schema";
import { TriangleAlert } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { CopyButton } from "./copy-button";

/**
 * A key's secret, shown this once (just created or rotated): the warning that it will not be
 * shown again, the secret and 'Copiar'. Closing it drops the secret from the page for good (the
 * caller forgets `created`); only the key's hint stays in the list.
 */
export function SecretDialog({
  created,
  rotated = false,
  onClose,
}: {
  created: CreatedApiKey | null;
  rotated?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("integrations");
  const id = useId();
  return (
    <Dialog open={created !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogTitle>{rotated ? t("secret.rotatedTitle") : t("secret.title")}</DialogTitle>
        <DialogDescription className="flex gap-2 rounded-md border border-amber-500/60 bg-amber-500/10 p-3 font-medium text-amber-900 dark:text-amber-100">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("secret.warning")}
        </DialogDescription>
        {created ? (
          <div className="grid gap-2">
            <label htmlFor={id} className="font-medium text-sm">
              {t("secret.label", { name: created.key.name })}
            </label>
            <textarea
              id={id}
              readOnly
              rows={2}
              value={created.secret}
              data-testid="api-key-secret"
              onFocus={(e) => e.currentTarget.select()}
              className="w-full resize-none break-all rounded-md border bg-muted p-2 font-mono text-sm"
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t("secret.done")}
                </Button>
              </DialogClose>
              <CopyButton
                text={created.secret}
                label={t("secret.copy")}
                copied={t("secret.copied")}
                failed={t("secret.copyFailed")}
              />
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
