import { describe, expect, it } from "vitest";
import { csvHeaderLine, csvLine, csvLines, csvValue } from "./csv";

describe("CSV for Excel pt-BR", () => {
  it("starts a file with the BOM, separates with ';' and ends lines with CRLF", () => {
    expect(csvHeaderLine(["Nome", "Cidade"])).toBe("\uFEFFNome;Cidade\r\n");
    expect(
      csvLines([
        [csvValue("Ana"), csvValue(3)],
        [csvValue(null), csvValue("SP")],
      ]),
    ).toBe("Ana;3\r\n;SP\r\n");
  });

  it("quotes a value holding a ';', a quote or any line break, quotes doubled", () => {
    const line = csvLine(["a;b", 'diz "oi"', "linha\nquebrada", "cr\rx"].map((v) => csvValue(v)));
    expect(line).toBe('"a;b";"diz ""oi""";"linha\nquebrada";"cr\rx"\r\n');
  });

  it("escapes what a person typed against formulas, not what the app formatted", () => {
    const typed = ["=SUM(A1)", "+55 11 99999-0000", "-x", "@x"].map((v) => csvValue(v, true));
    expect(csvLine(typed)).toBe("'=SUM(A1);'+55 11 99999-0000;'-x;'@x\r\n");
    expect(csvLine([csvValue("-12,50"), csvValue(-3), csvValue(-3, true)])).toBe(
      "-12,50;-3;'-3\r\n",
    );
  });
});
