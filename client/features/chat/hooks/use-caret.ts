import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from "react";

/**
 * Where the caret is in a text field, and putting it somewhere: after the next render (once the text
 * placed there is in the field), or now at the end of what the field holds.
 */
export function useCaret(field: RefObject<HTMLTextAreaElement | null>) {
  const [at, setAt] = useState(0);
  const pending = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = field.current;
    if (!element || pending.current === null) return;
    element.setSelectionRange(pending.current, pending.current);
    setAt(pending.current);
    pending.current = null;
  });

  const moveTo = useCallback((position: number) => {
    pending.current = position;
  }, []);

  const toEnd = useCallback(() => {
    const element = field.current;
    if (!element) return;
    element.setSelectionRange(element.value.length, element.value.length);
    setAt(element.value.length);
  }, [field]);

  return { at, track: setAt, moveTo, toEnd };
}
