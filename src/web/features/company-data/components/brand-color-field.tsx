import { brandPalette, DEFAULT_BRAND_COLOR } from "@shared/brand-color";
import {
  BRAND_COLOR_LENGTH,
  BRAND_COLOR_PATTERN,
  BRAND_COLOR_PRESETS,
} from "@shared/company-data.schema";
import { Check, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { cn } from "@/web/lib/utils";
import type { BoundField } from "./data-fields";

type Props = {
  /** The '#rrggbb' text field (empty = the default colour). */
  field: BoundField;
  value: string;
  onPick: (color: string) => void;
  companyName: string;
};

/**
 * The customers' card colour: a colour picker, a few suggested colours and the default, with a
 * preview of the card (its text colour chosen for contrast). Saved with the other company data.
 */
export function BrandColorField({ field, value, onPick, companyName }: Props) {
  const { t } = useTranslation("company-data");
  const normalized = value.trim().toLowerCase();
  const valid = BRAND_COLOR_PATTERN.test(normalized);
  const { background, foreground } = brandPalette(valid ? normalized : null);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("brand.title")}</h2>
        </CardTitle>
        <CardDescription>{t("brand.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <div className="grid content-start gap-4">
          <Field
            id={field.id}
            label={t("brand.label")}
            hint={normalized === "" ? t("brand.isDefault") : undefined}
            error={field.error}
          >
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={t("brand.picker")}
                data-testid="brand-color-picker"
                value={background}
                onChange={(e) => onPick(e.target.value)}
                className="h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-background p-1"
              />
              <Input
                {...field.control}
                placeholder={DEFAULT_BRAND_COLOR}
                maxLength={BRAND_COLOR_LENGTH}
                autoComplete="off"
                spellCheck={false}
                className="font-mono uppercase"
              />
            </div>
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">{t("brand.presets")}</legend>
            <div className="flex flex-wrap gap-2">
              {BRAND_COLOR_PRESETS.map((color) => {
                const selected = normalized === color;
                return (
                  <button
                    key={color}
                    type="button"
                    aria-label={t("brand.preset", { color })}
                    aria-pressed={selected}
                    title={color}
                    onClick={() => onPick(color)}
                    className={cn(
                      "grid size-9 place-items-center rounded-full border outline-none ring-offset-2 ring-offset-background transition-transform hover:scale-110 focus-visible:ring-[3px] focus-visible:ring-ring",
                      selected && "ring-2 ring-foreground",
                    )}
                    style={{ backgroundColor: color, color: brandPalette(color).foreground }}
                  >
                    {selected ? <Check aria-hidden="true" className="size-4" /> : null}
                  </button>
                );
              })}
            </div>
            <div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="-ml-2"
                onClick={() => onPick("")}
                disabled={normalized === ""}
              >
                <RotateCcw aria-hidden="true" />
                {t("brand.default")}
              </Button>
            </div>
          </fieldset>
        </div>
        <figure className="grid content-start gap-2">
          <figcaption className="font-medium text-sm">{t("brand.preview")}</figcaption>
          <div
            data-testid="brand-color-preview"
            className="relative isolate grid gap-3 overflow-hidden rounded-2xl p-4 shadow-md ring-1 ring-black/10"
            style={{ backgroundColor: background, color: foreground }}
          >
            <div
              aria-hidden="true"
              className="-right-12 -top-16 -z-10 absolute size-40 rounded-full bg-current opacity-[0.08]"
            />
            <p className="truncate font-bold">{companyName}</p>
            <p className="font-extrabold text-2xl leading-tight">{t("brand.previewReward")}</p>
            <div className="grid grid-cols-5 gap-2" aria-hidden="true">
              {Array.from({ length: 5 }, (_, i) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: preview slots
                  key={i}
                  className={cn(
                    "aspect-square rounded-full",
                    i < 3 ? "" : "border-2 border-current border-dashed opacity-70",
                  )}
                  style={i < 3 ? { backgroundColor: foreground } : undefined}
                />
              ))}
            </div>
            <p className="font-semibold text-sm">
              {t("brand.previewStamps", { count: 3, max: 5 })}
            </p>
          </div>
        </figure>
      </CardContent>
    </Card>
  );
}
