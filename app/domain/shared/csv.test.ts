import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvRow, toCsv } from "./csv.ts";

describe("csvCell", () => {
  it.each([
    ["=1+2", "'=1+2"],
    ["+85291234567", "'+85291234567"],
    ["-3", "'-3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTAB", "'\tTAB"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])("makes %j safe as %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("quotes a leading carriage return after making it safe", () => {
    expect(csvCell("\rcmd")).toBe('"\'\rcmd"');
  });

  it("leaves ordinary text, Chinese and inner formula characters alone", () => {
    expect(csvCell("陳大文")).toBe("陳大文");
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("91234567")).toBe("91234567");
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell("九龍, 旺角")).toBe('"九龍, 旺角"');
    expect(csvCell('他說"好"')).toBe('"他說""好"""');
    expect(csvCell("第一行\n第二行")).toBe('"第一行\n第二行"');
  });

  it("writes numbers, booleans and empty values plainly", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(true)).toBe("TRUE");
    expect(csvCell(false)).toBe("FALSE");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });
});

describe("toCsv", () => {
  it("starts with a BOM and ends every row with CRLF", () => {
    const csv = toCsv(
      ["電話號碼", "名字"],
      [
        ["91234567", "大文"],
        ["=cmd", null],
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe("電話號碼,名字\r\n91234567,大文\r\n'=cmd,\r\n");
  });

  it("is just the header for no rows", () => {
    expect(toCsv(["a"], [])).toBe(`${CSV_BOM}a\r\n`);
    expect(csvRow([])).toBe("");
  });
});
