import { describe, expect, it } from "vitest";
import { decodeEntities, highlightText, parseHighlight } from "./highlight.ts";

describe("parseHighlight", () => {
  it("splits the text into plain runs and hits", () => {
    expect(parseHighlight("The <mark>drawings</mark> for <mark>Harbor</mark> Point")).toEqual([
      { text: "The ", hit: false },
      { text: "drawings", hit: true },
      { text: " for ", hit: false },
      { text: "Harbor", hit: true },
      { text: " Point", hit: false },
    ]);
  });

  it("reads a text without hits, and an empty one", () => {
    expect(parseHighlight("no hits here")).toEqual([{ text: "no hits here", hit: false }]);
    expect(parseHighlight("")).toEqual([]);
    expect(parseHighlight("<mark></mark>")).toEqual([]);
  });

  it("decodes the escaped characters, inside and outside the hits", () => {
    expect(parseHighlight("Tom &amp; Jerry&#39;s &lt;b&gt;<mark>&quot;plan&quot;</mark>&lt;/b&gt;")).toEqual([
      { text: "Tom & Jerry's <b>", hit: false },
      { text: '"plan"', hit: true },
      { text: "</b>", hit: false },
    ]);
  });

  it("keeps hostile text as text: an escaped <script> or <mark> is never a tag", () => {
    const segments = parseHighlight("&lt;script&gt;alert(1)&lt;/script&gt; <mark>deploy</mark>");
    expect(segments).toEqual([
      { text: "<script>alert(1)</script> ", hit: false },
      { text: "deploy", hit: true },
    ]);
    // Someone wrote "<mark>" in a message: it arrives escaped and stays words, not a hit.
    expect(parseHighlight("&lt;mark&gt;fake&lt;/mark&gt; <mark>real</mark>")).toEqual([
      { text: "<mark>fake</mark> ", hit: false },
      { text: "real", hit: true },
    ]);
    // An attribute-laden tag is not one of ours: it stays as its own characters (React escapes them).
    expect(parseHighlight('<img src=x onerror="alert(1)">')).toEqual([
      { text: '<img src=x onerror="alert(1)">', hit: false },
    ]);
  });

  it("decodes once: an escaped entity stays an entity", () => {
    expect(decodeEntities("&amp;lt;mark&amp;gt;")).toBe("&lt;mark&gt;");
    expect(parseHighlight("&amp;lt;<mark>x</mark>")).toEqual([
      { text: "&lt;", hit: false },
      { text: "x", hit: true },
    ]);
  });

  it("leaves other entities alone", () => {
    expect(decodeEntities("&nbsp;&copy;&#x27;&#60;")).toBe("&nbsp;&copy;&#x27;&#60;");
  });

  it("survives unbalanced tags: a missing close runs to the end, a stray close is dropped", () => {
    expect(parseHighlight("a <mark>b c")).toEqual([
      { text: "a ", hit: false },
      { text: "b c", hit: true },
    ]);
    expect(parseHighlight("a</mark> b")).toEqual([{ text: "a b", hit: false }]);
    expect(parseHighlight("<mark>a<mark>b</mark></mark>c")).toEqual([
      { text: "ab", hit: true },
      { text: "c", hit: false },
    ]);
  });

  it("gives the plain text back", () => {
    expect(highlightText(parseHighlight("x &lt;<mark>y</mark>&gt;"))).toBe("x <y>");
  });
});
