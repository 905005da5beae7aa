import { describe, expect, it } from "vitest";
import { highlight, searchTerms, toTsQuery } from "./search.ts";

describe("search terms", () => {
  it("matches every word, the last one as a prefix", () => {
    const terms = searchTerms("Connection  DETAIL");
    expect(terms).toEqual({ exact: ["connection"], prefix: "detail" });
    expect(toTsQuery(terms!)).toBe("'connection' & 'detail':*");
  });

  it("keeps only letters and digits, so nothing of the query is tsquery syntax", () => {
    const terms = searchTerms("beam' | !x & (B-12):*");
    expect(terms).toEqual({ exact: ["beam", "x", "b"], prefix: "12" });
    expect(toTsQuery(terms!)).toBe("'beam' & 'x' & 'b' & '12':*");
  });

  it("reads words in any script", () => {
    expect(searchTerms("Größe straße")).toEqual({ exact: ["größe"], prefix: "straße" });
  });

  it("matches a one-letter last word exactly, and answers nothing for no word", () => {
    expect(searchTerms("grid a")).toEqual({ exact: ["grid", "a"], prefix: undefined });
    expect(searchTerms("  !!! ")).toBeUndefined();
  });
});

describe("highlight", () => {
  it("wraps each hit in <mark> and escapes everything else", () => {
    const terms = searchTerms("bolt conn")!;
    expect(highlight("<b>Bolt</b> & connection's detail", terms)).toBe(
      "&lt;b&gt;<mark>Bolt</mark>&lt;/b&gt; &amp; <mark>connection</mark>&#39;s detail",
    );
  });

  it("cuts a long text around the first hit, on word edges", () => {
    const text = `${"alpha ".repeat(100)}the weld detail here ${"omega ".repeat(100)}`;
    const html = highlight(text, searchTerms("weld")!, 60);
    expect(html.startsWith("…")).toBe(true);
    expect(html.endsWith("…")).toBe(true);
    expect(html).toContain("<mark>weld</mark>");
    expect(html).not.toMatch(/…[a-z]{1,4} /);
    expect(html.length).toBeLessThan(120);
  });

  it("shows a short text whole", () => {
    expect(highlight("RFI 23 answered", searchTerms("rfi")!)).toBe("<mark>RFI</mark> 23 answered");
  });
});
