import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "@/lib/surfaces/dashboard/csv";

describe("CSV", () => {
  it("quotes what needs quoting and doubles quotes", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          ["line\nbreak", null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n');
    expect(csvCell(3)).toBe("3");
    expect(csvCell(undefined)).toBe("");
  });

  it("defuses spreadsheet formulas in text cells", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+31 6 1234")).toBe("'+31 6 1234");
    expect(csvCell("@Acme")).toBe("'@Acme");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("Acme Bakery")).toBe("Acme Bakery");
  });
});
