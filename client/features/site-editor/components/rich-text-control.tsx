import { Markdown } from "@tiptap/markdown";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Italic, Link2, List, ListOrdered, type LucideIcon } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { isSafeRichLink } from "../../../../shared/rich-text.ts";
import type { ControlProps } from "./controls.tsx";

/**
 * A long text in Tiptap, kept as Markdown of the pages' subset (shared/rich-text.ts, decision
 * 057): bold, italic, links, lists and line breaks, nothing the pages would not draw. The server
 * sanitizes what it is sent whatever this editor allows.
 */
const extensions = [
  StarterKit.configure({
    heading: false,
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: "https",
      isAllowedUri: (url) => isSafeRichLink(url),
    },
  }),
  Markdown,
];

export function RichTextControl({ label, hint, error, value, onChange, onBlur, className }: ControlProps<unknown>) {
  const markdown = typeof value === "string" ? value : "";
  // What this editor last reported: a value from anywhere else (a merge, a reset) replaces the text.
  const reported = useRef(markdown);
  // The editor is made once; the form's handlers are read when it calls them.
  const handlers = useRef({ onChange, onBlur });
  handlers.current = { onChange, onBlur };
  const editor = useEditor({
    extensions,
    content: markdown,
    contentType: "markdown",
    immediatelyRender: false,
    onUpdate: ({ editor: current }) => {
      const next = current.isEmpty ? "" : current.getMarkdown();
      reported.current = next;
      handlers.current.onChange(next);
    },
    onBlur: () => handlers.current.onBlur?.(),
  });

  useEffect(() => {
    if (!editor || markdown === reported.current) return;
    reported.current = markdown;
    editor.commands.setContent(markdown, { contentType: "markdown", emitUpdate: false });
  }, [editor, markdown]);

  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div
          className={cx(
            "block w-full overflow-hidden rounded-md border bg-white text-steel-950 shadow-sm focus-within:border-steel-600",
            error ? "border-red-600" : "border-steel-300",
          )}
        >
          {editor && <Toolbar editor={editor} />}
          <EditorAttributes editor={editor} attributes={{ ...control, "aria-label": label }} />
          <EditorContent
            editor={editor}
            className="rich-text max-h-96 min-h-28 overflow-y-auto px-3 py-2 text-sm leading-relaxed text-steel-900 [&_.ProseMirror]:min-h-24 [&_.ProseMirror]:outline-none"
          />
        </div>
      )}
    </Field>
  );
}

/** The label, hint and error ties on the editable element itself (Tiptap owns that element). */
function EditorAttributes({ editor, attributes }: { editor: Editor | null; attributes: Record<string, unknown> }) {
  const serialized = JSON.stringify(attributes);
  useEffect(() => {
    if (!editor) return;
    const given = JSON.parse(serialized) as Record<string, string | boolean | null>;
    const strings = Object.entries(given).filter(([, value]) => value !== undefined && value !== null);
    editor.setOptions({
      editorProps: {
        attributes: {
          ...Object.fromEntries(strings.map(([name, value]) => [name, String(value)])),
          role: "textbox",
          "aria-multiline": "true",
        },
      },
    });
  }, [editor, serialized]);
  return null;
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      link: current.isActive("link"),
    }),
  });
  const [linking, setLinking] = useState(false);
  const chain = () => editor.chain().focus();
  return (
    <div className="border-b border-steel-200 bg-steel-50">
      <div role="toolbar" aria-label="Text style" className="flex flex-wrap gap-1 p-1">
        <Tool icon={Bold} label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()} />
        <Tool icon={Italic} label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()} />
        <Tool
          icon={List}
          label="Bulleted list"
          active={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        />
        <Tool
          icon={ListOrdered}
          label="Numbered list"
          active={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <Tool icon={Link2} label="Link" active={state.link || linking} onClick={() => setLinking((open) => !open)} />
      </div>
      {linking && <LinkForm editor={editor} onDone={() => setLinking(false)} />}
    </div>
  );
}

function Tool({
  icon: Icon,
  label,
  active,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cx(
        "inline-flex size-8 items-center justify-center rounded text-steel-700 hover:bg-steel-200",
        active && "bg-steel-800 text-white hover:bg-steel-700",
      )}
    >
      <Icon aria-hidden className="size-4" />
    </button>
  );
}

/** The selection's link: a path of this site, https, mailto: or tel:, as the pages allow. */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [href, setHref] = useState(() => (editor.getAttributes("link").href as string | undefined) ?? "");
  const [error, setError] = useState<string>();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const target = href.trim();
    if (!target) editor.chain().focus().extendMarkRange("link").unsetLink().run();
    else if (!isSafeRichLink(target)) return setError("A link is a path (/contact), https://, mailto: or tel:+digits.");
    else editor.chain().focus().extendMarkRange("link").setLink({ href: target }).run();
    onDone();
  };
  return (
    // Not a <form>: this sits inside the item's form, and forms do not nest.
    <div className="flex flex-wrap items-end gap-2 border-t border-steel-200 p-2">
      <Field label="Link address" error={error} className="min-w-48 flex-1">
        {(control) => (
          <Input
            {...control}
            value={href}
            placeholder="https://… or /contact"
            onChange={(event) => setHref(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") apply(event);
              if (event.key === "Escape") onDone();
            }}
            autoComplete="off"
            className="h-9"
          />
        )}
      </Field>
      <Button type="button" size="sm" variant="secondary" onClick={apply}>
        {href.trim() ? "Apply link" : "Remove link"}
      </Button>
    </div>
  );
}
