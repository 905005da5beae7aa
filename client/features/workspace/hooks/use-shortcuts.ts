import { useEffect, useEffectEvent, useRef } from "react";
import { type ShortcutAction, shortcutFor, takesText } from "../lib/shortcuts.ts";

/** How long after `g` its letter counts. */
const G_WINDOW_MS = 1_500;

/** The workspace's keyboard (DESIGN §15): calls `onAction` for each shortcut pressed on the page. */
export function useShortcuts(onAction: (action: Exclude<ShortcutAction, { type: "await-go" }>) => void) {
  const act = useEffectEvent(onAction);
  const gAt = useRef(0);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing: takesText(document.activeElement),
        afterG: Date.now() - gAt.current < G_WINDOW_MS,
      });
      if (!action) return;
      if (action.type === "await-go") {
        gAt.current = Date.now();
        return;
      }
      gAt.current = 0;
      event.preventDefault();
      act(action);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
