import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

/**
 * The prerendered page is complete without JavaScript: let the browser paint it first, then
 * hydrate. On a fast connection the scripts are often ready before the first frame, and hydrating
 * then would hold the first paint back for the whole of React's work. A hidden page (a background
 * tab) never paints until shown, so it hydrates at once.
 */
function afterFirstPaint(then: () => void) {
  if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    then();
    return;
  }
  // `buffered`: a paint that happened before this script ran counts too.
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    then();
  });
  observer.observe({ type: "paint", buffered: true });
}

afterFirstPaint(hydrate);
