import { type ComponentType, useEffect, useRef, useState } from "react";
import { type FormDraft, readDraft, restoreDraft } from "../lib/form-draft.ts";
import { standInBind } from "./form-parts.tsx";
import type { PublicFormViewProps } from "./public-form-frame.tsx";

/** How far below the viewport a form starts loading: about one screen ahead of the visitor. */
const PRELOAD_MARGIN = "900px 0px";

/** What the slot gives the live form: the stand-in's draft, to take over without losing anything. */
export interface StandIn {
  /** The stand-in's fields as the visitor left them (read once, while the stand-in is still shown). */
  draft(): FormDraft | null;
  /** After the live form mounted: the chosen files and the focus back in place. */
  restore(onFiles: (name: string, files: FileList) => void): void;
}

function standInOf(root: () => Element | null): StandIn {
  let draft: FormDraft | null | undefined;
  return {
    draft: () => {
      if (draft === undefined) draft = readDraft(root());
      return draft;
    },
    restore: (onFiles) => restoreDraft(root(), draft ?? null, onFiles),
  };
}

/** A live public form, as the slot loads it: it takes over the stand-in's draft. */
type LiveForm = ComponentType<{ labelledBy?: string; standIn: StandIn }>;

/**
 * Renders the form's stand-in (`view` unbound: a working native form of the same size, prerendered
 * with the page, whose submit waits for the live form) until the slot comes near the viewport or
 * is touched or focused, then loads `load()` and renders the live form in its place, which takes
 * over what the visitor already typed. The form's code (react-hook-form, zod, the captcha) is thus
 * never part of the page's first load, and a visitor who starts typing at once loses nothing.
 *
 * The stand-in stays mounted, in the same place, until the live form is ready: the live form
 * reads its draft while rendering, before React removes it.
 */
export function LazyFormSlot({
  load,
  view: View,
  labelledBy,
}: {
  load: () => Promise<{ default: LiveForm }>;
  view: ComponentType<PublicFormViewProps>;
  /** The id of the heading that names the form. */
  labelledBy?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  const [Form, setForm] = useState<LiveForm | null>(null);
  const [failed, setFailed] = useState(false);
  const [standIn] = useState(() => standInOf(() => ref.current));
  const want = () => setWanted(true);

  useEffect(() => {
    if (wanted) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setWanted(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    // A keyboard user tabbing into the stand-in wants it too.
    const focused = () => setWanted(true);
    element.addEventListener("focusin", focused);
    return () => {
      observer.disconnect();
      element.removeEventListener("focusin", focused);
    };
  }, [wanted]);

  useEffect(() => {
    if (!wanted || Form) return;
    let current = true;
    load().then(
      (module) => {
        if (current) setForm(() => module.default);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, Form, load]);

  return (
    <div ref={ref} onPointerEnter={want} onTouchStart={want}>
      {Form ? (
        <Form labelledBy={labelledBy} standIn={standIn} />
      ) : (
        <View bind={standInBind} loading labelledBy={labelledBy} />
      )}
      {failed && !Form && (
        // If the form's code cannot be fetched (offline, a new deploy), keep the stand-in and say so.
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          The form could not be loaded. Please check your connection and{" "}
          <button type="button" className="underline" onClick={() => window.location.reload()}>
            reload the page
          </button>
          .
        </p>
      )}
    </div>
  );
}
