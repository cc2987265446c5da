import { LOGO_TYPES } from "@shared/company-data.schema";
import { ImageUp, Store } from "lucide-react";
import { type ChangeEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { cn } from "@/web/lib/utils";
import { useUploadLogo } from "../api";
import { logoPlan, readImageSize, scaleImage } from "../logo-image";

type Problem = "invalid" | "tooLarge" | "failed";

/**
 * The company's logo: JPG, PNG, WebP or GIF. A larger image (a phone photo) is scaled down here
 * to 1024 px before the upload (logo-image.ts), so it fits the 2 MB limit (spec section 5); the
 * server checks the type again from the file's content.
 */
export function LogoUpload({
  logoUrl,
  companyName,
}: {
  logoUrl: string | null;
  companyName: string;
}) {
  const { t } = useTranslation("company-data");
  const upload = useUploadLogo();
  const [preparing, setPreparing] = useState(false);
  const busy = preparing || upload.isPending;

  const report = (problem: Problem) => {
    if (problem === "invalid")
      toast.error(t("logo.invalidTitle"), { description: t("logo.invalidDescription") });
    else if (problem === "tooLarge")
      toast.error(t("logo.tooLargeTitle"), { description: t("logo.tooLargeDescription") });
    else toast.error(t("logo.errorTitle"), { description: t("logo.errorDescription") });
  };

  const send = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => toast.success(t("logo.updated")),
      onError: (error) => {
        if (error instanceof ApiError && error.code === "file_type_invalid") report("invalid");
        else if (error instanceof ApiError && error.status === 413) report("tooLarge");
        else report("failed");
      },
    });

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Choosing the same file again must fire again.
    event.target.value = "";
    if (!chosen) return;
    setPreparing(true);
    try {
      const plan = logoPlan(chosen, await readImageSize(chosen));
      if (plan.action === "reject") return report("invalid");
      if (plan.action === "keep") return send(chosen);
      const scaled = await scaleImage(chosen, plan.width, plan.height).catch(() => null);
      if (!scaled) return report("tooLarge");
      send(scaled);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("logo.title")}</h2>
        </CardTitle>
        <CardDescription>{t("logo.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        {logoUrl ? (
          <img
            src={logoUrl}
            alt={t("logo.alt", { name: companyName })}
            width={96}
            height={96}
            data-testid="company-logo-preview"
            className="size-24 rounded-lg border bg-background object-contain"
          />
        ) : (
          <span className="grid size-24 place-items-center rounded-lg border border-dashed bg-muted text-center text-muted-foreground text-xs">
            <span className="grid justify-items-center gap-1">
              <Store aria-hidden="true" className="size-6" />
              {t("logo.none")}
            </span>
          </span>
        )}
        <label
          className={cn(
            "inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border bg-background px-4 font-medium text-sm shadow-xs hover:bg-accent hover:text-accent-foreground",
            "has-[:focus-visible]:border-ring has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
            busy && "pointer-events-none opacity-50",
          )}
        >
          {busy ? <Spinner /> : <ImageUp aria-hidden="true" className="size-4" />}
          {busy ? t("logo.uploading") : logoUrl ? t("logo.change") : t("logo.choose")}
          <input
            type="file"
            accept={LOGO_TYPES.join(",")}
            className="sr-only"
            onChange={(event) => void onChange(event)}
            disabled={busy}
          />
        </label>
      </CardContent>
    </Card>
  );
}
