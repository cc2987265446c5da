import { lazy } from "react";

/**
 * The import's dialogs, fetched on their first open: /clientes does not carry their code (the
 * file step, the preview, the progress and the printable codes load together, in one chunk).
 */
export const LazyImportDialog = lazy(() =>
  import("./import-dialog").then((m) => ({ default: m.ImportDialog })),
);

export const LazyImportCodesDialog = lazy(() =>
  import("./import-codes-dialog").then((m) => ({ default: m.ImportCodesDialog })),
);
