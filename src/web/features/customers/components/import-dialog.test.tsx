// @vitest-environment happy-dom
import type { CustomerImport, ImportPreview, ImportRow } from "@shared/customer-imports";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { ImportDialog } from "./import-dialog";

const ID = "00000000-0000-4000-8000-0000000000aa";
const BATCH: CustomerImport = {
  id: ID,
  fileName: "clientes.csv",
  status: "preview",
  totalRows: 20,
  validRows: 17,
  errorRows: 3,
  processedRows: 0,
  invitedCount: 0,
  scheduledCount: 0,
  codeCount: 0,
  skippedCount: 0,
  acceptedCount: 0,
  stampsWaiting: 0,
  createdAt: "2026-01-10T12:00:00.000Z",
  finishedAt: null,
};
const row = (over: Partial<ImportRow>): ImportRow => ({
  line: 2,
  name: "João",
  email: "joao@example.com",
  phone: null,
  birthDate: "1990-07-15",
  city: "São Paulo",
  state: "SP",
  stamps: 4,
  errors: [],
  outcome: null,
  reason: null,
  ...over,
});
const PREVIEW: ImportPreview = {
  import: BATCH,
  columns: {
    name: "nome",
    email: "email",
    phone: "telefone",
    birthDate: "aniversario",
    city: "cidade",
    state: null,
    stamps: "carimbos",
  },
  cardSize: 10,
  errorRows: [
    row({ line: 4, name: "Conceição", stamps: 12, errors: ["stamps_over_size"] }),
    row({ line: 7, name: null, email: "x@", errors: ["name_required", "email_invalid"] }),
  ],
  sampleRows: [row({})],
};
const DONE: CustomerImport = {
  ...BATCH,
  status: "done",
  processedRows: 17,
  invitedCount: 14,
  scheduledCount: 0,
  codeCount: 2,
  skippedCount: 1,
  stampsWaiting: 60,
  finishedAt: "2026-01-10T12:01:00.000Z",
};

const csv = (name = "clientes.csv", content = "nome;email\nJoão;joao@example.com\n") =>
  new File([content], name, { type: "text/csv" });

function renderDialog() {
  return renderWithApp(<ImportDialog open onOpenChange={() => {}} companyName="Café Aurora" />);
}

describe("'Importar': the file, its preview, the job's progress", () => {
  it("refuses a file over 10 MB, and one that is not CSV/XLSX, without uploading it", async () => {
    const calls = mockApi({});
    const { user } = renderDialog();
    const input = await screen.findByLabelText("Escolher arquivo CSV ou Excel (.xlsx)");
    const big = csv();
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect((await screen.findByRole("alert")).textContent).toMatch(/10 MB/);
    // applyAccept off: a person can still pick "All files" in the picker
    await userUploadAny(user, input, csv("clientes.pdf"));
    expect((await screen.findByRole("alert")).textContent).toMatch(/CSV|XLSX/);
    expect(calls).toHaveLength(0);
  });

  it("shows the preview, confirms, follows the progress and offers the result and the codes", async () => {
    let current: ImportPreview = PREVIEW;
    const calls = mockApi({
      "POST /api/customers/imports": { status: 201, body: PREVIEW },
      [`GET /api/customers/imports/${ID}`]: () => ({ body: current }),
      [`POST /api/customers/imports/${ID}/confirm`]: () => {
        current = { ...PREVIEW, import: DONE };
        return { status: 202, body: { ...BATCH, status: "queued" } };
      },
      "GET /api/customers/imports": { body: [] },
      "GET /api/customers/invitations": { body: [] },
    });
    const { user } = renderDialog();
    await user.upload(await screen.findByLabelText("Escolher arquivo CSV ou Excel (.xlsx)"), csv());
    await screen.findByText("20 linhas: 17 prontas para convidar, 3 com erros");
    const upload = calls.find((c) => c.method === "POST");
    expect(upload?.headers["content-type"]).toMatch(/^multipart\/form-data/);
    expect(String(upload?.body)).toContain('name="file"; filename="clientes.csv"');

    const errors = screen.getByRole("list", { name: "Linhas com erros (não serão importadas)" });
    const conceicao = within(errors).getByText("Linha 4 · Conceição").closest("li");
    expect(conceicao?.textContent).toContain("Carimbos acima do tamanho do cartão (10)");
    const unnamed = within(errors).getByText("Linha 7 · (sem nome)").closest("li");
    expect(unnamed?.textContent).toContain("Nome em branco");
    expect(unnamed?.textContent).toContain("E-mail inválido");
    // the columns found, and the one missing
    expect(screen.getByText("aniversario")).toBeTruthy();
    expect(screen.getByText("não encontrada")).toBeTruthy();
    expect(screen.getByText(/só vira cliente, com os carimbos do cartão de papel/)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Importar 17 clientes" }));
    await screen.findByText("Importação concluída");
    expect(screen.getByTestId("import-counts").textContent).toBe(
      "14 convites enviados, 0 agendados, 2 códigos, 1 ignorado",
    );
    expect(
      screen
        .getByRole("progressbar", { name: "Progresso da importação" })
        .getAttribute("aria-valuenow"),
    ).toBe("17");
    expect(screen.getByRole("link", { name: "Baixar resultado" }).getAttribute("href")).toBe(
      `/api/customers/imports/${ID}/result`,
    );
    expect(screen.getByRole("button", { name: "Códigos para imprimir" })).toBeTruthy();
  });

  it("says what is wrong with the file itself and lets another be chosen", async () => {
    mockApi({ "POST /api/customers/imports": apiError(422, "import_columns_missing") });
    const { user } = renderDialog();
    await user.upload(await screen.findByLabelText("Escolher arquivo CSV ou Excel (.xlsx)"), csv());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).not.toBe("import_columns_missing");
    expect(alert.textContent).toMatch(/nome/i);
    expect(screen.getByText("Escolher outro arquivo")).toBeTruthy();
  });

  it("'Cancelar' throws the preview away and sends nothing", async () => {
    const calls = mockApi({
      "POST /api/customers/imports": { status: 201, body: PREVIEW },
      [`GET /api/customers/imports/${ID}`]: { body: PREVIEW },
      [`DELETE /api/customers/imports/${ID}`]: { status: 204 },
      "GET /api/customers/imports": { body: [] },
    });
    const { user } = renderDialog();
    await user.upload(await screen.findByLabelText("Escolher arquivo CSV ou Excel (.xlsx)"), csv());
    await user.click(await screen.findByRole("button", { name: "Cancelar" }));
    expect(
      await screen.findByText("Importação cancelada. Nenhum convite foi enviado."),
    ).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== "GET").map((c) => `${c.method} ${c.path}`)).toEqual([
        "POST /api/customers/imports",
        `DELETE /api/customers/imports/${ID}`,
      ]),
    );
  });
});

/** `user.upload` skips a file the input's `accept` leaves out, as a picker's default filter. */
async function userUploadAny(
  user: ReturnType<typeof renderWithApp>["user"],
  input: HTMLElement,
  file: File,
) {
  const accept = input.getAttribute("accept");
  input.removeAttribute("accept");
  await user.upload(input, file);
  if (accept) input.setAttribute("accept", accept);
}
