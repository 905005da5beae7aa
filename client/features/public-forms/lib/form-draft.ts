/**
 * What a visitor did in a form's stand-in before the live form arrived: the stand-in is a working
 * native form (prerendered, usable before any script), and the live form takes its place without
 * losing a character, a tick, a chosen file or the caret.
 *
 * Plain DOM, no React: the page loads this before the form code.
 */

export interface FormDraft {
  /** Text, select and checkbox values by field name, shaped as react-hook-form holds them. */
  values: Record<string, string | string[] | boolean>;
  /** Files chosen in file inputs, by field name. */
  files: Record<string, FileList>;
  /** The control that had focus, with its caret, so typing carries on where it was. */
  focus: { name: string; value: string; selectionStart: number | null; selectionEnd: number | null } | null;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/** Reads the first form under `root`: only what the visitor changed (or chose) is kept. */
export function readDraft(root: Element | null): FormDraft | null {
  const form = root?.querySelector("form");
  if (!form) return null;
  const draft: FormDraft = { values: {}, files: {}, focus: null };
  const controls = [...form.elements].filter(isControl).filter((control) => control.name);
  for (const control of controls) {
    const { name } = control;
    if (!changed(control, controls)) continue;
    if (control instanceof HTMLInputElement && control.type === "file") {
      if (control.files?.length) draft.files[name] = control.files;
    } else if (control instanceof HTMLInputElement && control.type === "checkbox") {
      const group = controls.filter((other) => other.name === name);
      draft.values[name] =
        group.length > 1
          ? group.filter((box) => (box as HTMLInputElement).checked).map((box) => box.value)
          : control.checked;
    } else {
      draft.values[name] = control.value;
    }
  }
  const active = document.activeElement;
  if (active && isControl(active) && form.contains(active) && active.name) {
    const caret = "selectionStart" in active && textCaret(active);
    draft.focus = {
      name: active.name,
      value: active.value,
      selectionStart: caret ? active.selectionStart : null,
      selectionEnd: caret ? active.selectionEnd : null,
    };
  }
  return draft;
}

/**
 * Whether the visitor changed a control (or, for a checkbox, any box of its group) from what the
 * page was rendered with: the rest keeps the live form's own defaults.
 */
function changed(control: Control, controls: Control[]): boolean {
  if (control instanceof HTMLInputElement && control.type === "file") return Boolean(control.files?.length);
  if (control instanceof HTMLInputElement && control.type === "checkbox") {
    return controls.some(
      (other) =>
        other.name === control.name && other instanceof HTMLInputElement && other.checked !== other.defaultChecked,
    );
  }
  if (control instanceof HTMLSelectElement) {
    const initial = [...control.options].find((option) => option.defaultSelected) ?? control.options[0];
    return control.value !== (initial?.value ?? "");
  }
  return control.value !== control.defaultValue;
}

/** Inputs whose caret can be read and set (not email or number, which throw). */
function textCaret(control: Control): control is HTMLInputElement | HTMLTextAreaElement {
  if (control instanceof HTMLTextAreaElement) return true;
  return control instanceof HTMLInputElement && ["text", "search", "tel", "url", "password"].includes(control.type);
}

/**
 * After the live form has mounted under `root`: puts the chosen files back into its file inputs
 * (calling `onFiles` so the form's state knows them) and the focus and caret where they were.
 */
export function restoreDraft(
  root: Element | null,
  draft: FormDraft | null,
  onFiles: (name: string, files: FileList) => void,
): void {
  const form = root?.querySelector("form");
  if (!form || !draft) return;
  for (const [name, files] of Object.entries(draft.files)) {
    const input = form.querySelector<HTMLInputElement>(`input[type="file"][name="${CSS.escape(name)}"]`);
    if (!input) continue;
    // The form's state first: react-hook-form's setValue clears a file input's DOM value.
    onFiles(name, files);
    input.files = files;
  }
  const { focus } = draft;
  if (!focus) return;
  const target = [...form.elements]
    .filter(isControl)
    .find(
      (control) =>
        control.name === focus.name &&
        (!(control instanceof HTMLInputElement) ||
          !["checkbox", "radio"].includes(control.type) ||
          control.value === focus.value),
    );
  if (!target) return;
  target.focus({ preventScroll: true });
  if (textCaret(target) && focus.selectionStart !== null) {
    target.setSelectionRange(focus.selectionStart, focus.selectionEnd ?? focus.selectionStart);
  }
}
