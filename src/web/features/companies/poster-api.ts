import { useMutation } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { downloadDataUrl } from "@/web/lib/qr-code";
import { companyMutations } from "./keys";

/*
 * Apart from api.ts, whose schemas (the sign-up link's welcome card, the directory) the dashboard
 * does not need: its QR card imports only this (the /dashboard JavaScript budget, e2e/app-budgets).
 */

/**
 * 'Baixar cartaz': the poster's PDF (A4 poster and A6 table card) saved by the browser. The server
 * records the download (the setup checklist's step); `logoLeftOut` when the logo is a GIF or WebP,
 * which the PDF cannot hold.
 */
export function useDownloadPoster() {
  return useMutation({
    mutationKey: companyMutations.downloadPoster,
    mutationFn: async () => {
      const { blob, fileName, headers } = await api.download("/api/company/poster");
      const url = URL.createObjectURL(blob);
      downloadDataUrl(url, fileName ?? "cartaz.pdf");
      // Give the browser a moment to start the download before the blob goes.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return { logoLeftOut: headers.get("X-Poster-Logo") === "unsupported" };
    },
  });
}
