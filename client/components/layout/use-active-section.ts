import { useEffect, useState } from "react";
import { pickActiveSection } from "./scroll-spy.ts";

/** Follows which of the given sections sits in the middle of the viewport (landing page scroll spy). */
export function useActiveSection(ids: readonly string[], enabled: boolean): string | null {
  const [active, setActive] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) {
      setActive(null);
      return;
    }
    let frame = 0;
    const measure = () => {
      frame = 0;
      const boxes = ids.flatMap((id) => {
        const element = document.getElementById(id);
        if (!element) return [];
        const rect = element.getBoundingClientRect();
        return [{ id, top: rect.top, bottom: rect.bottom }];
      });
      setActive(pickActiveSection(boxes, window.innerHeight));
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [ids, enabled]);

  return active;
}
