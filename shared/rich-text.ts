/**
 * The site's long texts (a job's description, a project's or a service's) are Markdown of a small
 * safe subset: paragraphs, bold, italic, links, bullet and numbered lists, line breaks (decision
 * 057). marked reads them; whatever it finds outside the subset becomes plain text, so raw HTML
 * is shown as the characters it is, never as markup, and a link goes only to a path, https,
 * mailto: or tel:. The server keeps `sanitizeRichText`'s answer (the subset written back as
 * Markdown), and the pages draw `richTextBlocks` as React elements: no HTML string is ever made.
 */
import { Lexer, type Token, type Tokens } from "marked";

export type RichInline =
  | { kind: "text"; text: string }
  | { kind: "strong" | "em"; children: RichInline[] }
  | { kind: "link"; href: string; children: RichInline[] }
  | { kind: "br" };
export type RichBlock =
  | { kind: "paragraph"; children: RichInline[] }
  | { kind: "list"; ordered: boolean; start: number; loose: boolean; items: RichBlock[][] };

/** Where a link in a long text may go: a path of this site, https, mailto: or tel:. */
export const isSafeRichLink = (href: string) => /^(\/(?!\/)\S*|https:\/\/\S+|mailto:\S+|tel:\+?[0-9-]+)$/.test(href);

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
/** marked leaves character references in its text tokens; a page shows the characters they name. */
function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== "#") return entities[name.toLowerCase()] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
  });
}

function inlines(tokens: readonly Token[] | undefined): RichInline[] {
  const out: RichInline[] = [];
  const push = (node: RichInline) => {
    const last = out.at(-1);
    if (node.kind === "text" && last?.kind === "text") last.text += node.text;
    else if (node.kind !== "text" || node.text) out.push(node);
  };
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "text": {
        const text = token as Tokens.Text;
        if (text.tokens?.length) for (const node of inlines(text.tokens)) push(node);
        else push({ kind: "text", text: decodeReferences(text.text) });
        break;
      }
      case "escape":
        push({ kind: "text", text: (token as Tokens.Escape).text });
        break;
      case "strong":
      case "em": {
        const children = inlines((token as Tokens.Strong | Tokens.Em).tokens);
        if (children.length) push({ kind: token.type, children });
        break;
      }
      case "link": {
        const link = token as Tokens.Link;
        const children = inlines(link.tokens);
        if (isSafeRichLink(link.href) && children.length) push({ kind: "link", href: link.href, children });
        else for (const node of children) push(node);
        break;
      }
      case "del":
        for (const node of inlines((token as Tokens.Del).tokens)) push(node);
        break;
      case "br":
        push({ kind: "br" });
        break;
      case "image":
        push({ kind: "text", text: (token as Tokens.Image).text });
        break;
      case "codespan":
        push({ kind: "text", text: decodeReferences((token as Tokens.Codespan).text) });
        break;
      default:
        // Raw HTML and anything else: the characters as written, shown as text.
        push({ kind: "text", text: "text" in token && typeof token.text === "string" ? token.text : token.raw });
    }
  }
  return out;
}

function blocks(tokens: readonly Token[]): RichBlock[] {
  const out: RichBlock[] = [];
  const paragraph = (children: RichInline[]) => {
    if (children.some((node) => node.kind !== "text" || node.text.trim())) out.push({ kind: "paragraph", children });
  };
  for (const token of tokens) {
    switch (token.type) {
      case "paragraph":
      case "heading":
      case "text":
        paragraph(inlines((token as Tokens.Paragraph).tokens ?? [{ type: "text", raw: token.raw, text: token.raw }]));
        break;
      case "blockquote":
        out.push(...blocks((token as Tokens.Blockquote).tokens));
        break;
      case "list": {
        const list = token as Tokens.List;
        const items = list.items.map((item) => blocks(item.tokens)).filter((item) => item.length > 0);
        const start = list.ordered && typeof list.start === "number" ? list.start : 1;
        if (items.length) out.push({ kind: "list", ordered: list.ordered, start, loose: list.loose, items });
        break;
      }
      case "code":
      case "html":
      case "table":
        paragraph([{ kind: "text", text: token.raw.trim() }]);
        break;
      default:
      // space, hr, def: nothing to show.
    }
  }
  return out;
}

/** Lists and quotes nested deeper than a page would show: marked recurses once per level. */
export const RICH_TEXT_DEPTH_MAX = 8;
const containers = /^(?:[ \t]*(?:[-+*]|[0-9]{1,9}[.)]|>)(?=[ \t]|$)|[ \t]*>)+/;

/** How deep a text's lists and quotes may nest, at most: markers opened on a line, and its indent. */
export function richTextDepth(markdown: string): number {
  let deepest = 0;
  for (const line of markdown.split("\n")) {
    const prefix = containers.exec(line)?.[0] ?? "";
    const markers = prefix.match(/[-+*>]|[0-9]{1,9}[.)]/g)?.length ?? 0;
    const indent = /^[ \t]*/.exec(line)?.[0].replace(/\t/g, "    ").length ?? 0;
    deepest = Math.max(deepest, markers + Math.floor(indent / 2));
  }
  return deepest;
}

/** Text with no markup read: its paragraphs as they are (too deep to read, or refused by the reader). */
const plainBlocks = (markdown: string): RichBlock[] =>
  markdown
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => ({ kind: "paragraph", children: [{ kind: "text", text: paragraph }] }));

/** A long text as the pages draw it. */
export function richTextBlocks(markdown: string): RichBlock[] {
  if (richTextDepth(markdown) > RICH_TEXT_DEPTH_MAX) return plainBlocks(markdown);
  try {
    return blocks(new Lexer({ gfm: false }).lex(markdown));
  } catch {
    return plainBlocks(markdown);
  }
}

const references: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
/** Text written so that no reader takes it for markup: <, > and & as references (a backslash before
 * them would not survive GFM's bare-URL links), Markdown's other marks escaped. */
const escapeText = (text: string) =>
  text
    .replace(/[&<>]/g, (char) => references[char] ?? char)
    .replace(/[\\`*_[\]!~|#]/g, "\\$&")
    .replace(/\u00a0/g, "&nbsp;")
    // What would start a list item ("- ", "1. ") or underline a heading ("---", "===") at a line's start.
    .replace(/^([ \t]*)([-+])(?=[ \t]|$)/gm, "$1\\$2")
    .replace(/^([ \t]*)([-=])(?=[-= \t]*$)/gm, "$1\\$2")
    .replace(/^([ \t]*[0-9]{1,9})([.)])(?=[ \t]|$)/gm, "$1\\$2")
    .replace(/\n[ \t]+/g, "\n")
    .replace(/\n{2,}/g, "\n");

function inlineMarkdown(nodes: readonly RichInline[]): string {
  return nodes
    .map((node) => {
      switch (node.kind) {
        case "text":
          return escapeText(node.text);
        case "br":
          return "\\\n";
        case "link":
          return `[${inlineMarkdown(node.children)}](${node.href.replace(/[\\()<>]/g, "\\$&")})`;
        default: {
          // Emphasis cannot open or close on a space: the spaces go outside the markers.
          const [, before = "", inner = "", after = ""] =
            /^(\s*)([\s\S]*?)(\s*)$/.exec(inlineMarkdown(node.children)) ?? [];
          const marker = node.kind === "strong" ? "**" : "*";
          return inner ? `${before}${marker}${inner}${marker}${after}` : before + after;
        }
      }
    })
    .join("");
}

function blockMarkdown(block: RichBlock): string {
  if (block.kind === "paragraph") return inlineMarkdown(block.children).trim();
  // A paragraph after the first block of an item needs the blank line of a loose list.
  const loose = block.loose || block.items.some((item) => item.slice(1).some((inner) => inner.kind === "paragraph"));
  return block.items
    .map((item, index) => {
      const marker = block.ordered ? `${block.start + index}. ` : "- ";
      const body = item.map(blockMarkdown).join(loose ? "\n\n" : "\n");
      return marker + body.replace(/\n(?=.)/g, `\n${" ".repeat(marker.length)}`);
    })
    .join(loose ? "\n\n" : "\n");
}

const written = (blocks: readonly RichBlock[]) => blocks.map(blockMarkdown).join("\n\n");

/**
 * The subset written back as Markdown: what the server keeps of a long text (decision 057). Read
 * again until it reads the same: emphasis depends on the characters around it, so a mark next to
 * punctuation may not survive the first writing (it then stays as its characters). A text that
 * does not settle in a few readings is kept as plain paragraphs.
 */
export function sanitizeRichText(markdown: string): string {
  let kept = written(richTextBlocks(markdown));
  for (let reading = 0; reading < 4; reading++) {
    const again = written(richTextBlocks(kept));
    if (again === kept) return kept;
    kept = again;
  }
  return written(plainBlocks(markdown));
}
