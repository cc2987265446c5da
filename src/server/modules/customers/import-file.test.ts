import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { decodeText, readImportFile } from "./import-file";
import { checkRows, isFormulaText, mapColumns, parseBirthDate, parseStamps } from "./import-rows";

const latin1 = (text: string) => Uint8Array.from([...text].map((ch) => ch.charCodeAt(0)));
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The AppError code a read throws. */
async function refusal(bytes: Uint8Array) {
  try {
    await readImportFile(bytes);
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return null;
}

const TODAY = "2026-06-01";

describe("reading the file", () => {
  it("reads Excel pt-BR's CSV: Latin-1, ';', dd/MM/yyyy, accented headers", async () => {
    const file = latin1(
      "Nome;E-mail;Telefone;Data de Nascimento;Cidade;Estado;Carimbos\r\n" +
        "João Conceição;joao@example.com;(11) 98888-7777;17/05/1990;São Paulo;SP;3\r\n" +
        ";;;;;;\r\n" +
        "Márcia;;+55 21 3333-4444;;Niterói;Rio de Janeiro;\r\n",
    );
    const sheet = await readImportFile(file);
    const { columns, rows } = checkRows(sheet, 10, TODAY);
    expect(columns).toMatchObject({
      name: "Nome",
      email: "E-mail",
      birthDate: "Data de Nascimento",
    });
    expect(rows).toEqual([
      expect.objectContaining({
        line: 2,
        name: "João Conceição",
        email: "joao@example.com",
        phone: "(11) 98888-7777",
        birthDate: "1990-05-17",
        city: "São Paulo",
        state: "SP",
        stamps: 3,
        errors: [],
      }),
      // The line of empty cells is skipped, not counted; line numbers stay the file's.
      expect.objectContaining({
        line: 4,
        name: "Márcia",
        phone: "(21) 3333-4444",
        state: "RJ",
        stamps: 0,
        errors: [],
      }),
    ]);
  });

  it("reads UTF-8 with a BOM, and a file mixing UTF-8 and Windows-1252 lines", async () => {
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8("name,email\nJoão,joao@example.com\n")]);
    expect((await readImportFile(bom)).rows[0]!.cells[0]!.text).toBe("João");
    const mixed = Uint8Array.from([
      ...utf8("nome;cidade;email\nJoão;São Paulo;a@example.com\n"),
      ...latin1("Conceição;Goiânia;b@example.com\n"),
    ]);
    const sheet = await readImportFile(mixed);
    expect(sheet.rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      ["João", "São Paulo", "a@example.com"],
      ["Conceição", "Goiânia", "b@example.com"],
    ]);
    // Excel's "Texto Unicode" (UTF-16 with its BOM, tab-separated) too.
    const utf16 = Uint8Array.from([
      0xff,
      0xfe,
      ...new Uint8Array(Buffer.from("nome\temail\nZé\tze@example.com\n", "utf16le")),
    ]);
    expect(checkRows(await readImportFile(utf16), 10, TODAY).rows[0]).toMatchObject({
      name: "Zé",
      email: "ze@example.com",
    });
  });

  it("detects a tab or a comma, honours quotes, maps English headers and ignores unknown columns", async () => {
    const tab = await readImportFile(
      utf8("Full name\tMobile\tStamps\tNotes\nAna\t11988887777\t2\tvip\n"),
    );
    expect(checkRows(tab, 10, TODAY).columns).toEqual({
      name: "Full name",
      email: null,
      phone: "Mobile",
      birthDate: null,
      city: null,
      state: null,
      stamps: "Stamps",
    });
    const comma = await readImportFile(
      utf8('Name,Email,City\n"Silva, Ana","ana@example.com","São ""Sampa"""\n'),
    );
    expect(checkRows(comma, 10, TODAY).rows[0]).toMatchObject({
      name: "Silva, Ana",
      city: 'São "Sampa"',
    });
  });

  it("reads the first worksheet of an XLSX: a date cell, numbers as text, a formula refused on its row", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Clientes");
    sheet.addRow(["Nome", "Celular", "Nascimento", "Carimbos", "E-mail"]);
    sheet.addRow(["Ana", 11988887777, new Date(Date.UTC(1985, 2, 9)), 4, "ana@example.com"]);
    sheet.addRow(["Bia", 21977776666, null, { formula: "2+2", result: 4 }, "bia@example.com"]);
    workbook.addWorksheet("Outra").addRow(["ignored"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const { rows } = checkRows(await readImportFile(bytes), 10, TODAY);
    expect(rows[0]).toMatchObject({
      line: 2,
      phone: "(11) 98888-7777",
      birthDate: "1985-03-09",
      stamps: 4,
      errors: [],
    });
    expect(rows[1]).toMatchObject({ line: 3, errors: ["formula_not_allowed"] });
  });

  it("refuses binary files, broken spreadsheets, empty files and more than 20,000 rows", async () => {
    expect(await refusal(utf8("%PDF-1.7\n..."))).toBe("import_file_type");
    expect(await refusal(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      "import_file_type",
    );
    expect(await refusal(Uint8Array.from([0x6e, 0x6f, 0x6d, 0x65, 0x00, 0x01]))).toBe(
      "import_file_type",
    );
    expect(await refusal(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]))).toBe(
      "import_file_type",
    );
    expect(await refusal(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]))).toBe(
      "import_file_unreadable",
    );
    expect(await refusal(utf8(""))).toBe("import_file_empty");
    expect(await refusal(utf8("nome;email\n\n;;\n"))).toBe("import_file_empty");
    const big = `nome;email\n${"Ana;a@example.com\n".repeat(20_001)}`;
    expect(await refusal(utf8(big))).toBe("import_too_many_rows");
    expect(() => decodeText(utf8("nome;email\nAna;a@example.com\n"))).not.toThrow();
  });

  it("needs a name column and an e-mail or phone column", () => {
    const missing = (headers: string[]) => {
      try {
        mapColumns(headers);
        return null;
      } catch (error) {
        return (error as AppError).fields;
      }
    };
    expect(missing(["Cidade", "Email"])).toEqual({ name: "import_column_missing" });
    expect(missing(["Nome", "Cidade"])).toEqual({ contact: "import_column_missing" });
    expect(missing(["CLIENTE", "whatsapp"])).toBeNull();
  });
});

describe("checking the rows", () => {
  it("names each row's problems", async () => {
    const sheet = await readImportFile(
      utf8(
        [
          "nome;email;telefone;nascimento;estado;carimbos",
          "Ana;ana@example.com;;31/02/1990;SP;2",
          ";sem-arroba;12345;01/01/2999;XX;-1",
          "Caio;;;;;abc",
          "Duda;ANA@example.com;;;;11",
          'Eva;=HYPERLINK("http://x");;;;1',
          "Fábio;;+55 11 97777-6666;;;-0",
          "Gil;;(11) 7777-6666;;;",
        ].join("\n"),
      ),
    );
    const errors = checkRows(sheet, 10, TODAY).rows.map((r) => r.errors);
    expect(errors).toEqual([
      ["birth_date_invalid"],
      [
        "name_required",
        "email_invalid",
        "phone_invalid",
        "birth_date_invalid",
        "state_invalid",
        "stamps_negative",
      ],
      ["contact_required", "stamps_invalid"],
      // The same e-mail as line 2, whatever its case; 11 stamps on a card of 10.
      ["stamps_over_size", "duplicate_in_file"],
      ["formula_not_allowed"],
      [],
      // Without an e-mail, the phone decides: the same number before the ninth digit.
      ["duplicate_in_file"],
    ]);
  });

  it("tells formulas from phones and negative numbers", () => {
    for (const text of ["=1+1", "@SUM(A1)", "+SOMA(A1)", "-2+3", '=HYPERLINK("x")', "＝1"]) {
      expect(isFormulaText(text), text).toBe(true);
    }
    for (const text of ["+55 (11) 98888-7777", "-3", "Ana", "11 98888-7777", ""]) {
      expect(isFormulaText(text), text).toBe(false);
    }
  });

  it("reads birthdays and stamps as people write them", () => {
    expect(parseBirthDate("7/5/1990", TODAY)).toBe("1990-05-07");
    expect(parseBirthDate("1990-05-07", TODAY)).toBe("1990-05-07");
    expect(parseBirthDate("17.05.90", TODAY)).toBe("1990-05-17");
    expect(parseBirthDate("33010", TODAY)).toBe("1990-05-17"); // Excel's day number
    expect(parseBirthDate("29/02/2023", TODAY)).toBeNull();
    expect(parseBirthDate("02/06/2026", TODAY)).toBeNull(); // tomorrow
    expect(parseStamps("", 10)).toEqual({ stamps: 0, error: null });
    expect(parseStamps("5,0", 10)).toEqual({ stamps: 5, error: null });
    expect(parseStamps("2.5", 10).error).toBe("stamps_invalid");
    expect(parseStamps("99999999999999999999", 10).error).toBe("stamps_over_size");
  });
});
