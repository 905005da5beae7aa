import { type FocusEvent, useCallback, useEffect, useState } from "react";
import {
  autoAdvanceIndex,
  CAROUSEL_AUTO_ADVANCE_MS,
  nextIndex,
  prevIndex,
  THREE_UP_MIN_WIDTH,
  TWO_UP_MIN_WIDTH,
  type VisibleCount,
  visibleCount,
} from "../lib/carousel.ts";
import { usePageVisible } from "./use-page-visible.ts";
import { usePrefersReducedMotion } from "./use-prefers-reduced-motion.ts";

/** Cards visible at the current viewport width; null until measured (on the server and before hydration). */
function useVisibleCount(): VisibleCount | null {
  const [visible, setVisible] = useState<VisibleCount | null>(null);
  useEffect(() => {
    // Media queries, not resize events: they fire only when a breakpoint is crossed.
    const queries = [TWO_UP_MIN_WIDTH, THREE_UP_MIN_WIDTH].map((width) => window.matchMedia(`(min-width: ${width}px)`));
    const update = () => setVisible(visibleCount(window.innerWidth));
    update();
    for (const query of queries) query.addEventListener("change", update);
    return () => {
      for (const query of queries) query.removeEventListener("change", update);
    };
  }, []);
  return visible;
}

/**
 * State of the home projects carousel (SPEC §2, §4, §9): the index wraps at both ends and resets to 0
 * when the visible card count changes; it auto-advances every 3 s, except while hovered, focused,
 * in a hidden tab, paused by the visitor, or when the visitor prefers reduced motion.
 */
export function useCarousel(count: number, autoAdvanceMs: number = CAROUSEL_AUTO_ADVANCE_MS) {
  const measured = useVisibleCount();
  const visible = measured ?? 1;
  const [index, setIndex] = useState(0);
  const [lastVisible, setLastVisible] = useState(measured);
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const pageVisible = usePageVisible();

  // Reset during render rather than in an effect, so a stale index is never drawn. The first
  // measurement changes nothing on screen (CSS laid the cards out): a step taken before it stays.
  if (measured !== lastVisible) {
    setLastVisible(measured);
    if (lastVisible !== null) setIndex(0);
  }

  const autoPlay = !stopped && !reducedMotion;
  const rotating = autoPlay && !hovered && !focusWithin && pageVisible && measured !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `index` re-arms the timer after every move, manual ones too
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((i) => autoAdvanceIndex(i, count, visible)), autoAdvanceMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count, visible, autoAdvanceMs]);

  // A step before the first measurement (a tap made while the page loaded, replayed as it hydrates)
  // counts the cards the window's width shows.
  const stepVisible = useCallback(() => measured ?? visibleCount(window.innerWidth), [measured]);
  const next = useCallback(() => setIndex((i) => nextIndex(i, count, stepVisible())), [count, stepVisible]);
  const prev = useCallback(() => setIndex((i) => prevIndex(i, count, stepVisible())), [count, stepVisible]);
  const toggleAutoPlay = useCallback(() => setStopped((s) => !s), []);

  /** Spread on the carousel's root element. */
  const rootProps = {
    onPointerEnter: () => setHovered(true),
    onPointerLeave: () => setHovered(false),
    onFocus: () => setFocusWithin(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
    },
  };

  return {
    index,
    visible,
    /** False until the viewport has been measured: the server cannot know which cards are on screen. */
    measured: measured !== null,
    rotating,
    autoPlay,
    reducedMotion,
    next,
    prev,
    toggleAutoPlay,
    rootProps,
  };
}
