import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "../../../../../shared/rich-text.ts";
import { RichText } from "./rich-text.tsx";

const hostile = [
  '<script>alert("x")</script>',
  "",
  'A **strong** start, <img src=x onerror="alert(1)"> [bad](javascript:alert(1)) [far](//evil.example) <a href="javascript:alert(2)">raw</a>',
  "",
  "- [contact us](/contactus)",
  "- *italic* &#60;iframe src=x&#62;",
].join("\n");

describe("RichText", () => {
  it("draws the subset as elements and everything else as text, whether or not the server sanitized it first", () => {
    for (const markdown of [hostile, sanitizeRichText(hostile)]) {
      const html = renderToStaticMarkup(<RichText markdown={markdown} />);
      const tags = [...html.matchAll(/<([a-z0-9]+)/g)].map((match) => match[1]);
      expect([...new Set(tags)].sort()).toEqual(["a", "div", "em", "li", "p", "strong", "ul"]);
      expect([...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual(["/contactus"]);
      expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      expect(html).toContain("&lt;iframe src=x&gt;");
      expect(html).not.toMatch(/<(script|img|iframe)/);
    }
  });

  it("keeps a plain paragraph a plain paragraph", () => {
    expect(renderToStaticMarkup(<RichText markdown="Steel, 1. checked; a_b." className="mt-4" />)).toBe(
      '<div class="space-y-3 mt-4"><p>Steel, 1. checked; a_b.</p></div>',
    );
  });
});
