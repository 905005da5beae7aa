import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import { useEffect, useRef, useState } from "react";

/** Largest canvas drawn, in device pixels (16 MP, about 64 MB): A0 sheets on a 3× screen stay within it. */
const MAX_CANVAS_PIXELS = 4096 * 4096;
/** The box's padding (p-2) on each side, taken off the width pages are drawn at. */
const BOX_PADDING = 8;
/** Pages further than this from the visible part are not drawn, and forget their pixels. */
const NEAR = "150% 0px";
/** Resizing redraws only once the size has settled; meanwhile the last drawing is stretched. */
const RESIZE_SETTLE_MS = 150;

type Loaded =
  | { status: "loading" }
  | { status: "ready"; doc: PDFDocumentProxy; aspect: number }
  | { status: "failed"; message: string };

function unreadable(error: unknown): string {
  if (error instanceof Error && error.name === "PasswordException") {
    return "This PDF is protected by a password: download it to open it.";
  }
  return "This file could not be read as a PDF: download it to open it.";
}

/** The placeholder while an attachment is fetched or parsed. */
export function PreviewLoading() {
  return (
    <div aria-busy="true" className="h-48 animate-pulse rounded-lg bg-steel-100">
      <span className="sr-only">Loading the preview…</span>
    </div>
  );
}

/** Width in CSS pixels pages are drawn at: the box's inner width, once it stops changing. */
function useSettledWidth(box: HTMLDivElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!box) return;
    const measure = () => setWidth(Math.max(0, box.clientWidth - 2 * BOX_PADDING));
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, RESIZE_SETTLE_MS);
    });
    observer.observe(box);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [box]);
  return width;
}

/**
 * A PDF drawn by pdf.js into canvases of our page, one per page, stacked in a scrollable box:
 * nothing of the file runs, and nothing in it can be clicked or followed.
 */
export function PdfPreview({ blob, name }: { blob: Blob; name: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [current, setCurrent] = useState(1);
  const width = useSettledWidth(box);

  useEffect(() => {
    let cancelled = false;
    let task: PDFDocumentLoadingTask | null = null;
    setLoaded({ status: "loading" });
    (async () => {
      const [{ openPdf }, bytes] = await Promise.all([import("./load-pdf.ts"), blob.arrayBuffer()]);
      if (cancelled) return;
      task = openPdf(new Uint8Array(bytes));
      const doc = await task.promise;
      const first = (await doc.getPage(1)).getViewport({ scale: 1 });
      if (!cancelled) setLoaded({ status: "ready", doc, aspect: first.width / first.height });
    })().catch((error: unknown) => {
      if (!cancelled) setLoaded({ status: "failed", message: unreadable(error) });
    });
    return () => {
      cancelled = true;
      // Ends the worker too: each preview has its own, gone when the dialog closes.
      void task?.destroy();
    };
  }, [blob]);

  if (loaded.status === "failed") return <p className="text-sm text-red-700">{loaded.message}</p>;
  if (loaded.status === "loading") return <PreviewLoading />;

  const { doc, aspect } = loaded;
  const count = doc.numPages;
  function followScroll() {
    if (!box) return;
    // The page holding the upper third of the box is the one being read; at the very end it is the
    // last page, even when short pages leave it below that line.
    const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 1;
    const line = atEnd ? box.scrollHeight : box.scrollTop + box.clientHeight / 3;
    let page = 1;
    for (const element of box.querySelectorAll<HTMLElement>("[data-page]")) {
      if (element.offsetTop <= line) page = Number(element.dataset.page);
    }
    setCurrent(page);
  }

  return (
    <div className="space-y-2">
      <p className="text-xs font-medium text-steel-600">{count === 1 ? "1 page" : `Page ${current} of ${count}`}</p>
      <div
        ref={setBox}
        role="document"
        aria-label={`Preview of ${name}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box is reached by keyboard to scroll it
        tabIndex={0}
        onScroll={followScroll}
        className="relative h-[28rem] space-y-2 overflow-auto rounded-lg border border-steel-200 bg-steel-100 p-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-steel-700 sm:h-[36rem]"
      >
        {Array.from({ length: count }, (_, index) => (
          <PdfPage
            // biome-ignore lint/suspicious/noArrayIndexKey: pages are numbered, and never reordered
            key={index}
            doc={doc}
            number={index + 1}
            count={count}
            width={width}
            box={box}
            aspect={aspect}
          />
        ))}
      </div>
    </div>
  );
}

function PdfPage({
  doc,
  number,
  count,
  width,
  box,
  aspect: firstAspect,
}: {
  doc: PDFDocumentProxy;
  number: number;
  count: number;
  /** CSS pixels; 0 until measured. */
  width: number;
  box: HTMLDivElement | null;
  /** The first page's width/height, held until this page's own is known. */
  aspect: number;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [aspect, setAspect] = useState(firstAspect);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!box || !canvas) return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), {
      root: box,
      rootMargin: NEAR,
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [box]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    if (!near) {
      // A long drawings set would otherwise hold every page's pixels at once.
      canvas.width = 0;
      canvas.height = 0;
      return;
    }
    if (width === 0) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    (async () => {
      const page = await doc.getPage(number);
      const natural = page.getViewport({ scale: 1 });
      if (cancelled) return;
      setAspect(natural.width / natural.height);
      let scale = (width / natural.width) * (window.devicePixelRatio || 1);
      const area = natural.width * natural.height * scale * scale;
      if (area > MAX_CANVAS_PIXELS) scale *= Math.sqrt(MAX_CANVAS_PIXELS / area);
      const viewport = page.getViewport({ scale });
      // Drawn aside and copied in one go, so a redraw after a resize never shows a blank page.
      const scratch = document.createElement("canvas");
      scratch.width = Math.floor(viewport.width);
      scratch.height = Math.floor(viewport.height);
      // The default annotation mode paints form fields and stamps as pixels; nothing is interactive.
      task = page.render({ canvas: scratch, viewport });
      await task.promise;
      if (cancelled) return;
      canvas.width = scratch.width;
      canvas.height = scratch.height;
      canvas.getContext("2d")?.drawImage(scratch, 0, 0);
      scratch.width = 0;
      setFailed(false);
    })().catch((error: unknown) => {
      if (cancelled || (error instanceof Error && error.name === "RenderingCancelledException")) return;
      setFailed(true);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, number, width, near]);

  return (
    <div data-page={number} className="relative">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Page ${number} of ${count}`}
        style={{ aspectRatio: String(aspect) }}
        className="block h-auto w-full bg-white shadow-sm"
      />
      {failed && (
        <p className="absolute inset-x-0 top-4 text-center text-sm text-red-700">Page {number} could not be drawn.</p>
      )}
    </div>
  );
}
