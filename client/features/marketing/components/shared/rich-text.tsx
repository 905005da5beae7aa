import { Fragment, type ReactNode } from "react";
import { cx } from "~/components/ui/cx";
import { useRichTextBlocks } from "~/lib/site-content";
import type { RichBlock, RichInline } from "../../../../../shared/rich-text.ts";

/**
 * A long text of the site's content as React elements (decision 057): paragraphs, bold, italic,
 * safe links and lists, read by shared/rich-text. Raw HTML in it is shown as its characters; no
 * HTML string is ever set on the page. The server reads the page's texts and writes what it read
 * into the page, so the reader (marked) is not part of a page's scripts (decision 065).
 */
export function RichText({ markdown, className }: { markdown: string; className?: string }) {
  return <div className={cx("space-y-3", className)}>{useRichTextBlocks(markdown).map(block)}</div>;
}

function block(node: RichBlock, index: number): ReactNode {
  if (node.kind === "paragraph") return <p key={index}>{node.children.map(inline)}</p>;
  const items = node.items.map((item, itemIndex) => (
    // A tight list's item is one line of text, not a paragraph. The text is drawn whole and holds no state.
    // biome-ignore lint/suspicious/noArrayIndexKey: a list item has no identity but its place
    <li key={itemIndex} className={node.loose ? "space-y-2" : undefined}>
      {!node.loose && item.length === 1 && item[0]?.kind === "paragraph"
        ? item[0].children.map(inline)
        : item.map(block)}
    </li>
  ));
  return node.ordered ? (
    <ol key={index} start={node.start === 1 ? undefined : node.start} className="list-decimal space-y-1 pl-6">
      {items}
    </ol>
  ) : (
    <ul key={index} className="list-disc space-y-1 pl-6">
      {items}
    </ul>
  );
}

function inline(node: RichInline, index: number): ReactNode {
  switch (node.kind) {
    case "text":
      return <Fragment key={index}>{node.text}</Fragment>;
    case "br":
      return <br key={index} />;
    case "strong":
      return (
        <strong key={index} className="font-semibold text-steel-800">
          {node.children.map(inline)}
        </strong>
      );
    case "em":
      return <em key={index}>{node.children.map(inline)}</em>;
    case "link":
      return (
        <a
          key={index}
          href={node.href}
          className="font-medium text-steel-900 underline underline-offset-2 hover:text-accent-700"
        >
          {node.children.map(inline)}
        </a>
      );
  }
}
