import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";

/** How far below the viewport a form starts loading: about one screen ahead of the visitor. */
const PRELOAD_MARGIN = "900px 0px";

/**
 * Renders `fallback` (a static stand-in of the same size, prerendered with the page) until the
 * slot comes near the viewport or is touched, then loads `load()` and renders it in its place.
 * The form's code (react-hook-form, zod, the captcha) is thus never part of the page's first load.
 */
export function LazyFormSlot<P extends object>({
  load,
  props,
  fallback,
}: {
  load: () => Promise<{ default: ComponentType<P> }>;
  props: P;
  fallback: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  // One lazy component per loader, made once.
  const [Form] = useState(() => lazy(load));

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
    return () => observer.disconnect();
  }, [wanted]);

  return (
    <div ref={ref} onPointerEnter={() => setWanted(true)} onTouchStart={() => setWanted(true)}>
      {wanted ? (
        <LoadFailure fallback={fallback}>
          <Suspense fallback={fallback}>
            <Form {...props} />
          </Suspense>
        </LoadFailure>
      ) : (
        fallback
      )}
    </div>
  );
}

/** If the form's code cannot be fetched (offline, a new deploy), keep the stand-in and say so. */
class LoadFailure extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        {this.props.fallback}
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          The form could not be loaded. Please check your connection and{" "}
          <button type="button" className="underline" onClick={() => window.location.reload()}>
            reload the page
          </button>
          .
        </p>
      </>
    );
  }
}
