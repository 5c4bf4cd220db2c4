import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("CSV (RFC 4180)", () => {
  it("quotes cells with commas, quotes and line breaks, doubling quotes, with CRLF rows", () => {
    expect(toCsv(["a", "b"], [["x,y", 'say "hi"'], ["line\nbreak", null]])).toBe(
      'a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n',
    );
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe("\"'\rcmd\"");
    expect(csvCell("Dana")).toBe("Dana");
  });

  it("writes dates as ISO, arrays and objects as JSON", () => {
    expect(csvCell(new Date("2026-11-22T10:00:00.000Z"))).toBe("2026-11-22T10:00:00.000Z");
    expect(csvCell(["CNA", "RN"])).toBe('"[""CNA"",""RN""]"');
    expect(csvCell(true)).toBe("true");
  });
});
