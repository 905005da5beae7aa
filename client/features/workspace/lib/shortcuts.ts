/** What a key press asks of the workspace (DESIGN §15 keyboard), decided without the DOM. */
export type ShortcutAction = { type: "search" } | { type: "help" } | { type: "go"; key: string } | { type: "await-go" };

export interface KeyFacts {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focus is in a text field (input, textarea, select, contenteditable). */
  typing: boolean;
  /** `g` was pressed just before (within the window the caller keeps). */
  afterG: boolean;
}

/**
 * Ctrl+K / Cmd+K: search, wherever the focus is. Outside a text field: `/` search, `?` the list of
 * shortcuts, `g` then a letter a section.
 */
export function shortcutFor(event: KeyFacts): ShortcutAction | null {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") return { type: "search" };
  if (event.typing || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.afterG && /^[a-z]$/.test(event.key)) return { type: "go", key: event.key };
  if (event.key === "/") return { type: "search" };
  if (event.key === "?") return { type: "help" };
  if (event.key === "g") return { type: "await-go" };
  return null;
}

/** Whether the element takes text (so single-key shortcuts must leave its keys alone). */
export function takesText(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  const tag = element.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  const type = (element as HTMLInputElement).type;
  return !["button", "checkbox", "radio", "submit", "reset", "file", "range", "color"].includes(type);
}
