import fc from "fast-check";
import { marked } from "marked";
import { describe, expect, it } from "vitest";
import {
  isSafeRichLink,
  RICH_TEXT_DEPTH_MAX,
  type RichBlock,
  type RichInline,
  richTextBlocks,
  richTextDepth,
  sanitizeRichText,
} from "./rich-text.ts";

const hrefsOf = (blocks: readonly RichBlock[]): string[] => {
  const inline = (nodes: readonly RichInline[]): string[] =>
    nodes.flatMap((node) =>
      node.kind === "link" ? [node.href, ...inline(node.children)] : "children" in node ? inline(node.children) : [],
    );
  return blocks.flatMap((block) =>
    block.kind === "paragraph" ? inline(block.children) : block.items.flatMap(hrefsOf),
  );
};

/** The tags and attributes any Markdown renderer makes of the kept text, run with raw HTML allowed. */
const markupOf = (markdown: string) => {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return {
    tags: [...new Set([...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((match) => match[1]?.toLowerCase()))],
    attributes: [...html.matchAll(/<[a-z0-9]+\s+([^>]*)>/gi)].map((match) => match[1] ?? ""),
  };
};

/** A long text as one line of its words: what a reader of the page would read. */
function richTextPlain(markdown: string): string {
  const words = (nodes: readonly RichInline[]): string =>
    nodes.map((node) => (node.kind === "text" ? node.text : node.kind === "br" ? " " : words(node.children))).join("");
  const flat = (list: readonly RichBlock[]): string[] =>
    list.flatMap((block) => (block.kind === "paragraph" ? [words(block.children)] : block.items.flatMap(flat)));
  return flat(richTextBlocks(markdown)).join(" ").replace(/\s+/g, " ").trim();
}

describe("sanitizeRichText", () => {
  it("keeps the subset: paragraphs, bold, italic, safe links, lists and breaks", () => {
    const kept =
      "Steel **erection** drawings, *checked* twice.\nSee [our services](/services) or [mail us](mailto:info@example.com).\\\nNext line.\n\n- Anchor bolts\n- Embeds\n  - nested plates\n\n3. third\n4. fourth";
    expect(sanitizeRichText(kept)).toBe(kept);
  });

  it("turns raw HTML into the characters it is, and drops unsafe links and images to their text", () => {
    const dirty = [
      '<script>alert("x")</script>',
      "",
      'Look <img src=x onerror="alert(1)"> [click](javascript:alert(1)) [far](//evil.example) ![photo](https://evil.example/p.png)',
      "",
      "&#60;script&#62;alert(2)&#60;/script&#62; <!-- a comment -->",
    ].join("\n");
    const kept = sanitizeRichText(dirty);
    expect(kept).not.toMatch(/(?<!\\)</);
    expect(kept).not.toContain("](javascript");
    expect(markupOf(kept).tags.sort()).toEqual(["p"]);
    expect(richTextPlain(kept)).toBe(
      '<script>alert("x")</script> Look <img src=x onerror="alert(1)"> click far photo <script>alert(2)</script> <!-- a comment -->',
    );
  });

  it("keeps plain text as it reads, escaping what Markdown would take for markup", () => {
    const plain = "Plain text, 1. not a list; a_b_c; C# code; 100% sure! <3 & more";
    const kept = sanitizeRichText(plain);
    expect(richTextPlain(kept)).toBe(plain);
    expect(sanitizeRichText("1. one\n\nwhat 2. two")).toBe("1. one\n\nwhat 2. two");
    expect(richTextPlain(sanitizeRichText("\\- not a list\n\n2\\. not one either"))).toBe(
      "- not a list 2. not one either",
    );
  });

  it("is safe for any input: only the subset's tags, only safe links, and it settles after one pass", () => {
    const pieces = ["a", " ", "\n", "\n\n", "*", "**", "_", "[", "](", ")", "<", ">", "-", "1.", "#", "&amp;", "&#60;"];
    const more = [
      "\\",
      "`",
      "!",
      "https://x.example",
      "javascript:",
      "<script>",
      "</script>",
      "<img onerror=x>",
      "~",
      "|",
    ];
    const markdown = fc.array(fc.constantFrom(...pieces, ...more), { maxLength: 30 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(markdown, (input) => {
        const kept = sanitizeRichText(input);
        expect(sanitizeRichText(kept)).toBe(kept);
        expect(hrefsOf(richTextBlocks(kept)).every(isSafeRichLink)).toBe(true);
        const { tags, attributes } = markupOf(kept);
        expect(tags.filter((tag) => !["p", "strong", "em", "a", "ul", "ol", "li", "br"].includes(tag ?? ""))).toEqual(
          [],
        );
        for (const attribute of attributes)
          expect(attribute).toMatch(/^(href="(\/|https:|mailto:|tel:)[^"]*"|start="\d+")$/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("richTextDepth", () => {
  it("bounds the nesting marked would recurse into: a text too deep is read as plain paragraphs, never thrown", () => {
    expect(richTextDepth("- a\n  - b\n    - c")).toBe(3);
    expect(richTextDepth("> > - 1. deep")).toBe(4);
    expect(richTextDepth("Plain words - and 1. more")).toBe(0);
    // 4 000 nested quotes overflowed marked's stack; 400 nested lists took half a second.
    for (const deep of [">".repeat(4000), "- > ".repeat(1000), "1. ".repeat(1300), "- x\n".padStart(800, " ")]) {
      expect(richTextDepth(deep)).toBeGreaterThan(RICH_TEXT_DEPTH_MAX);
      const started = performance.now();
      const kept = sanitizeRichText(deep);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(richTextBlocks(kept).every((block) => block.kind === "paragraph")).toBe(true);
      expect(sanitizeRichText(kept)).toBe(kept);
    }
  });
});

describe("isSafeRichLink", () => {
  it("takes a path, https, mailto: and tel:, and nothing else", () => {
    for (const href of ["/contact", "/", "https://example.com/a", "mailto:a@b.co", "tel:+15551234567"]) {
      expect(isSafeRichLink(href)).toBe(true);
    }
    for (const href of [
      "javascript:alert(1)",
      "//evil.example",
      "http://example.com",
      "data:text/html,x",
      "JAVASCRIPT:x",
      " /x",
    ]) {
      expect(isSafeRichLink(href)).toBe(false);
    }
  });
});
