import { lazy, Suspense, useEffect, useState } from "react";
import { messageFrom } from "~/lib/http-error";
import { reviewFile } from "../api/review.ts";

// pdf.js only when a sheet is opened: the review page itself stays small on a phone.
const PdfPreview = lazy(async () => ({ default: (await import("~/components/pdf/pdf-preview")).PdfPreview }));

function Loading() {
  return (
    <div aria-busy="true" className="h-48 animate-pulse rounded-lg bg-steel-100">
      <span className="sr-only">Loading the drawing…</span>
    </div>
  );
}

/** One sheet of the transmittal drawn in the page by pdf.js (nothing of the file runs). */
export function SheetPreview({ token, linkKey, number }: { token: string; linkKey: string | null; number: string }) {
  const [blob, setBlob] = useState<Blob | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    reviewFile(token, linkKey, { sheet: number }).then(
      (loaded) => live && setBlob(loaded),
      (failure: unknown) => live && setError(messageFrom(failure, "The drawing could not be loaded.")),
    );
    return () => {
      live = false;
    };
  }, [token, linkKey, number]);
  if (error) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
        {error}
      </p>
    );
  }
  if (!blob) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <PdfPreview blob={blob} name={`${number}.pdf`} />
    </Suspense>
  );
}
