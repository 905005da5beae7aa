import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { CalendarClock, CheckCircle2, FileDown, RefreshCw } from "lucide-react";
import { useState } from "react";
import { LinkPageChrome, LinkProblem } from "~/components/layout/link-page";
import { Button } from "~/components/ui/button";
import { saveBlob } from "~/lib/downloads";
import { HttpError, messageFrom } from "~/lib/http-error";
import { transmittalPurposeLabels } from "../../../../shared/transmittals.ts";
import { reviewFile, useReview } from "../api/review.ts";
import { PasswordGate } from "./password-gate.tsx";
import { ReviewForm } from "./review-form.tsx";
import { SentReview } from "./sent-review.tsx";

/** The client's review of a transmittal (`/review/{token}`, no login): its own query cache, nothing of the staff's. */
export function ReviewPage({ token }: { token: string }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { mutations: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <LinkPageChrome label="Drawing review" width="wide">
        <ReviewView token={token} />
      </LinkPageChrome>
    </QueryClientProvider>
  );
}

const linkEnded = {
  title: "This link no longer works",
  text: "It was withdrawn or has expired. If you still need to answer, ask us for a new link.",
};
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

function ReviewView({ token }: { token: string }) {
  const [key, setKey] = useState<string | null>(null);
  const review = useReview(token, key);
  const [coverError, setCoverError] = useState<string | null>(null);

  if (review.data === undefined && !review.isError) {
    return (
      <div aria-busy="true" className="space-y-4">
        <span className="sr-only">Loading…</span>
        <div className="h-8 w-2/3 animate-pulse rounded bg-steel-200" />
        <div className="h-40 animate-pulse rounded-xl bg-white" />
      </div>
    );
  }
  if (review.data === undefined) {
    const status = review.error instanceof HttpError ? review.error.status : 0;
    if (status === 404 || status === 410) return <LinkProblem status={status} ended={linkEnded} />;
    if (status === 401) return <PasswordGate token={token} onUnlocked={setKey} />;
    return (
      <section role="alert" className="rounded-xl border border-red-200 bg-white p-6 text-center shadow-sm">
        <h1 className="text-xl font-bold text-steel-950">The review could not be loaded</h1>
        <p className="mt-2 text-steel-600">{messageFrom(review.error, "Check your connection and try again.")}</p>
        <Button className="mt-4" variant="secondary" onClick={() => void review.refetch()}>
          <RefreshCw aria-hidden="true" size={16} /> Try again
        </Button>
      </section>
    );
  }

  const data = review.data;
  const downloadCover = async () => {
    setCoverError(null);
    try {
      saveBlob(await reviewFile(token, key, "cover"), `${data.number} cover sheet.pdf`);
    } catch (error) {
      setCoverError(messageFrom(error, "The cover sheet could not be downloaded."));
    }
  };

  return (
    <div className="space-y-8">
      <section className="rounded-xl border border-steel-200 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-xs font-semibold tracking-[0.14em] text-steel-600 uppercase">
          {transmittalPurposeLabels[data.purpose]}
        </p>
        <h1 className="mt-2 text-2xl font-bold text-steel-950 sm:text-3xl">Transmittal {data.number}</h1>
        <p className="mt-1 text-steel-700">
          {data.project.job} · {data.project.name} · from {data.firm}
        </p>
        <p className="mt-4 flex items-center gap-2 text-sm text-steel-700">
          <CalendarClock aria-hidden="true" size={16} />
          Please respond by {dayFormat.format(new Date(data.dueAt))}
        </p>
        {data.message && <p className="mt-4 whitespace-pre-line text-steel-800">{data.message}</p>}
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="sm" onClick={() => void downloadCover()}>
            <FileDown aria-hidden="true" size={16} /> Cover sheet (PDF)
          </Button>
          {coverError && (
            <p role="alert" className="text-sm text-red-700">
              {coverError}
            </p>
          )}
        </div>
      </section>
      {data.submittedAt ? (
        <section aria-labelledby="sent-heading" className="space-y-4">
          <h2 id="sent-heading" className="flex items-center gap-2 text-xl font-bold text-steel-950">
            <CheckCircle2 aria-hidden="true" className="text-green-700" size={22} />
            Your review was sent on {dayFormat.format(new Date(data.submittedAt))}
          </h2>
          <p className="text-steel-700">Thank you. This is what you sent; it can no longer change.</p>
          <SentReview review={data} />
        </section>
      ) : (
        <ReviewForm token={token} linkKey={key} review={data} />
      )}
    </div>
  );
}
