import { StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { PAGE_HYDRATED_EVENT } from "../shared/site-routes.ts";
import { clientSiteContent, SITE_CONTENT_ELEMENT_ID, SiteContentProvider } from "./lib/site-content";

/**
 * Tells the boot script that the page has hydrated, so that it replays a tap made before
 * (server/lib/deferred-boot.ts). Its effect runs after every other effect of the hydrated tree.
 */
function HydratedSignal() {
  useEffect(() => {
    window.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
  }, []);
  return null;
}

function hydrate() {
  const content = clientSiteContent(document.getElementById(SITE_CONTENT_ELEMENT_ID));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <SiteContentProvider store={content}>
          <HydratedRouter />
        </SiteContentProvider>
        <HydratedSignal />
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
