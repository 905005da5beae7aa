import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { SiteContentProvider, type SiteContentSlice } from "~/lib/site-content";
import { sanitizeRichText } from "../../../../../shared/rich-text.ts";
import { richTextsOf } from "../../../../../shared/site-content.ts";
import { RichText } from "./rich-text.tsx";

const hostile = [
  '<script>alert("x")</script>',
  "",
  'A **strong** start, <img src=x onerror="alert(1)"> [bad](javascript:alert(1)) [far](//evil.example) <a href="javascript:alert(2)">raw</a>',
  "",
  "- [contact us](/contactus)",
  "- *italic* &#60;iframe src=x&#62;",
].join("\n");

/** A page's content as the server renders it: the job's long text read into `richText` (decision 065). */
function onPage(markdown: string, children: ReactNode, read = true) {
  const items: SiteContentSlice = { jobs: [{ id: "job", description: markdown } as never] };
  if (read) items.richText = richTextsOf(items);
  const store = { items, embedded: null, loadAll: () => Promise.resolve() };
  return <SiteContentProvider store={store}>{children}</SiteContentProvider>;
}

async function renderedWhole(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

describe("RichText", () => {
  it("draws the subset as elements and everything else as text, whether or not the server sanitized it first", () => {
    for (const markdown of [hostile, sanitizeRichText(hostile)]) {
      const html = renderToStaticMarkup(onPage(markdown, <RichText markdown={markdown} />));
      const tags = [...html.matchAll(/<([a-z0-9]+)/g)].map((match) => match[1]);
      expect([...new Set(tags)].sort()).toEqual(["a", "div", "em", "li", "p", "strong", "ul"]);
      expect([...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual(["/contactus"]);
      expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      expect(html).toContain("&lt;iframe src=x&gt;");
      expect(html).not.toMatch(/<(script|img|iframe)/);
    }
  });

  it("keeps a plain paragraph a plain paragraph", () => {
    const markdown = "Steel, 1. checked; a_b.";
    expect(renderToStaticMarkup(onPage(markdown, <RichText markdown={markdown} className="mt-4" />))).toBe(
      '<div class="space-y-3 mt-4"><p>Steel, 1. checked; a_b.</p></div>',
    );
  });

  it("draws a text the page did not carry the same, once the reader has loaded", async () => {
    for (const markdown of [hostile, "Steel, 1. checked; a_b.", "constructor"]) {
      const read = renderToStaticMarkup(onPage(markdown, <RichText markdown={markdown} />));
      // Without the server's reading (a collection fetched after a move to another page), and with none at all.
      expect(await renderedWhole(onPage(markdown, <RichText markdown={markdown} />, false))).toBe(read);
      expect(await renderedWhole(<RichText markdown={markdown} />)).toBe(read);
    }
  });
});
