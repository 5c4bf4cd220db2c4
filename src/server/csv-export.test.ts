import { text } from "node:stream/consumers";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvCellText, csvStream, type CsvColumn } from "./csv-export";

async function* batchesOf<T>(...batches: T[][]) {
  for (const batch of batches) yield batch;
}

describe("CSV export", () => {
  it("streams a header and one CRLF record per row across batches, quoting what needs it", async () => {
    type Row = { a: string; b: string | null };
    const columns: CsvColumn<Row>[] = ["a", { header: "B!", value: (row) => row.b }];
    const out = await text(
      csvStream(columns, batchesOf<Row>([{ a: "x,y", b: 'say "hi"' }], [], [{ a: "line\nbreak", b: null }])),
    );
    expect(out).toBe('a,B!\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n');
    expect(parse(out)).toEqual([
      ["a", "B!"],
      ["x,y", 'say "hi"'],
      ["line\nbreak", ""],
    ]);
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCellText('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(csvCellText("+1 555")).toBe("'+1 555");
    expect(csvCellText("-2")).toBe("'-2");
    expect(csvCellText("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCellText("\tcmd")).toBe("'\tcmd");
    expect(csvCellText("\rcmd")).toBe("'\rcmd");
    expect(csvCellText("Dana")).toBe("Dana");
  });

  it("writes dates as ISO, arrays and objects as JSON, booleans as words", () => {
    expect(csvCellText(new Date("2026-11-22T10:00:00.000Z"))).toBe("2026-11-22T10:00:00.000Z");
    expect(csvCellText(["CNA", "RN"])).toBe('["CNA","RN"]');
    expect(csvCellText(true)).toBe("true");
  });

  it("stops reading batches when the reader goes away", async () => {
    let read = 0;
    async function* endless() {
      for (;;) {
        read++;
        yield Array.from({ length: 100 }, (_, i) => ({ a: `row ${i}`.repeat(50) }));
      }
    }
    const stream = csvStream<{ a: string }>(["a"], endless());
    for await (const chunk of stream) {
      expect(chunk).toBeDefined();
      break; // destroys the stream
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = read;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read).toBe(after);
    expect(read).toBeLessThan(50);
  });
});
