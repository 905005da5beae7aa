import { type RefObject, useEffect } from "react";

const MAX_HEIGHT_PX = 160;

/** A text field that grows with its text up to a limit, then scrolls. */
export function useGrowingTextarea(field: RefObject<HTMLTextAreaElement | null>, value: string) {
  useEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = "auto";
    // Empty, it is one row whatever the placeholder's length.
    if (value === "") return;
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [field, value]);
}
