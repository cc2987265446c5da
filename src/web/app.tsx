import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./providers";
import { router } from "./router";

/**
 * Renders the app (router, queries, texts, toasts) into `element`: from its own entry (main.tsx)
 * and from the sign-in entry when the visitor goes past the sign-in form (decision 018).
 */
export function mountApp(element: HTMLElement) {
  createRoot(element).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
