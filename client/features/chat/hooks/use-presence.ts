import { useEffect, useState } from "react";
import { chatLimits } from "../../../../shared/chat.ts";
import { presenceFor } from "../lib/presence.ts";

const activityEvents = ["pointerdown", "pointermove", "keydown", "wheel", "touchstart", "focus"] as const;

/**
 * What this page reports as presence: ONLINE while visible and in use, ACTIVE (away) when the tab is
 * hidden or nobody touched pointer or keyboard for chatLimits.idleAfterMs.
 */
export function usePresence(idleAfterMs: number = chatLimits.idleAfterMs): "ONLINE" | "ACTIVE" {
  const [hidden, setHidden] = useState(() => document.hidden);
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    let lastActivity = Date.now();
    let isIdle = false;
    const onVisibility = () => {
      setHidden(document.hidden);
      if (!document.hidden) onActivity();
    };
    const onActivity = () => {
      lastActivity = Date.now();
      if (isIdle) {
        isIdle = false;
        setIdle(false);
      }
    };
    const check = window.setInterval(
      () => {
        if (!isIdle && Date.now() - lastActivity >= idleAfterMs) {
          isIdle = true;
          setIdle(true);
        }
      },
      Math.min(15_000, idleAfterMs),
    );
    document.addEventListener("visibilitychange", onVisibility);
    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true, capture: true });
    return () => {
      window.clearInterval(check);
      document.removeEventListener("visibilitychange", onVisibility);
      for (const name of activityEvents) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [idleAfterMs]);

  return presenceFor({ hidden, idle });
}
