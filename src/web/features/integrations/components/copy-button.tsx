import { Copy } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";

/** 'Copiar': the text on the clipboard, said in a toast (or that it failed: select and copy). */
export function CopyButton({
  text,
  label,
  copied,
  failed,
}: {
  text: string;
  label: string;
  copied: string;
  failed: string;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      onClick={() =>
        navigator.clipboard
          .writeText(text)
          .then(() => toast.success(copied))
          .catch(() => toast.error(failed))
      }
    >
      <Copy aria-hidden="true" />
      {label}
    </Button>
  );
}
