import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { Toaster } from "./components/ui/sonner";
import { CROSS_FEATURE_INVALIDATIONS } from "./invalidations";
import { i18n } from "./lib/i18n";
import { createQueryClient } from "./lib/query-client";

/** The app's query client (main.tsx seeds it with the data a page's HTML brought along). */
export const queryClient = createQueryClient(CROSS_FEATURE_INVALIDATIONS);

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
