import { useEffect, useRef, useState } from "react";
import { COUNTER_DURATION_MS, counterValue } from "../lib/count-up.ts";

/**
 * Counters that count up from 0 when their block scrolls into view (SPEC §9: 2500 ms).
 * The first render shows the final values, so the prerendered HTML, visitors without JavaScript
 * and visitors who prefer reduced motion all see the real numbers.
 */
export function useCountUp<T extends HTMLElement>(targets: readonly number[], durationMs = COUNTER_DURATION_MS) {
  const ref = useRef<T>(null);
  const [values, setValues] = useState<readonly number[]>(targets);
  const key = targets.join(",");

  useEffect(() => {
    const finalValues = key.split(",").map(Number);
    const element = ref.current;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!element || reduce || typeof IntersectionObserver === "undefined") {
      setValues(finalValues);
      return;
    }

    let frame = 0;
    let started = false;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        if (!entry.isIntersecting) {
          // Still below the fold: park at 0, out of sight, ready to count when it arrives.
          if (!started) setValues(finalValues.map(() => 0));
          return;
        }
        started = true;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const elapsed = now - start;
          setValues(finalValues.map((target) => counterValue(target, elapsed, durationMs)));
          if (elapsed < durationMs) frame = window.requestAnimationFrame(tick);
        };
        frame = window.requestAnimationFrame(tick);
      },
      { threshold: 0.35 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.cancelAnimationFrame(frame);
      setValues(finalValues);
    };
  }, [key, durationMs]);

  return { ref, values };
}
