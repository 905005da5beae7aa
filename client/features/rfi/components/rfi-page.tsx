import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { CalendarClock, CheckCircle2, FileStack, RefreshCw } from "lucide-react";
import { useState } from "react";
import { LinkPageChrome, LinkProblem } from "~/components/layout/link-page";
import { Button } from "~/components/ui/button";
import { HttpError } from "~/lib/http-error";
import { useRfi } from "../api/rfi.ts";
import { AnswerForm } from "./answer-form.tsx";

/** The page of the person asked an RFI (`/rfi/{token}`, no login): its own query cache, nothing of the staff's. */
export function RfiPage({ token }: { token: string }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { mutations: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <LinkPageChrome label="Request for information">
        <RfiView token={token} />
      </LinkPageChrome>
    </QueryClientProvider>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "short" });

function RfiView({ token }: { token: string }) {
  const rfi = useRfi(token);
  if (rfi.data === undefined && !rfi.isError) {
    return (
      <div aria-busy="true" className="space-y-4">
        <span className="sr-only">Loading…</span>
        <div className="h-8 w-2/3 animate-pulse rounded bg-steel-200" />
        <div className="h-40 animate-pulse rounded-xl bg-white" />
      </div>
    );
  }
  if (rfi.data === undefined) {
    const error = rfi.error;
    const status = error instanceof HttpError ? error.status : 0;
    if (status === 404 || status === 410) {
      return (
        <LinkProblem
          status={status}
          ended={{
            title: "This question is closed",
            text: (error instanceof HttpError ? error.serverMessage : undefined) ?? "It takes no more answers.",
          }}
        />
      );
    }
    return (
      <section className="space-y-4 rounded-xl border border-steel-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-steel-950">This page could not be loaded</h1>
        <p className="text-steel-600">Check your connection and try again.</p>
        <Button variant="secondary" onClick={() => void rfi.refetch()} loading={rfi.isFetching}>
          <RefreshCw aria-hidden="true" size={16} />
          Try again
        </Button>
      </section>
    );
  }
  const data = rfi.data;
  return (
    <div className="space-y-6">
      <section className="rounded-xl border border-steel-200 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-xs font-bold tracking-[0.14em] text-accent-700 uppercase">
          {data.firm} asks · {data.project.job} {data.project.name}
        </p>
        <h1 className="mt-1 text-2xl font-bold break-words text-steel-950 sm:text-3xl">
          {data.number}: {data.subject}
        </h1>
        <h2 className="mt-5 text-sm font-semibold text-steel-900">Question</h2>
        <p className="mt-1 whitespace-pre-line break-words text-steel-800">{data.question}</p>
        {data.suggestion && (
          <>
            <h2 className="mt-4 text-sm font-semibold text-steel-900">Our suggestion</h2>
            <p className="mt-1 whitespace-pre-line break-words text-steel-800">{data.suggestion}</p>
          </>
        )}
        <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-2">
          <div className="grid content-start grid-cols-[18px_minmax(0,1fr)] gap-x-2.5 rounded-lg bg-steel-50 p-3">
            <dt className="col-span-2 flex items-center gap-2.5 font-semibold text-steel-900">
              <CalendarClock aria-hidden="true" size={18} className="shrink-0 text-steel-600" />
              Answer by
            </dt>
            <dd className="col-start-2 text-steel-700">
              <time dateTime={data.dueAt}>{dateFormat.format(new Date(data.dueAt))}</time>
            </dd>
          </div>
          <div className="grid content-start grid-cols-[18px_minmax(0,1fr)] gap-x-2.5 rounded-lg bg-steel-50 p-3">
            <dt className="col-span-2 flex items-center gap-2.5 font-semibold text-steel-900">
              <FileStack aria-hidden="true" size={18} className="shrink-0 text-steel-600" />
              Sheets
            </dt>
            <dd className="col-start-2 text-steel-700">
              {data.sheets.length === 0
                ? "None named"
                : data.sheets.map((sheet) => `${sheet.number}${sheet.title ? ` ${sheet.title}` : ""}`).join(", ")}
            </dd>
          </div>
        </dl>
      </section>
      <div className="rounded-xl border border-steel-200 bg-white p-5 shadow-sm sm:p-8">
        {data.state === "answered" ? (
          <div role="status" className="flex items-start gap-3">
            <CheckCircle2 aria-hidden="true" size={22} className="mt-0.5 shrink-0 text-emerald-700" />
            <div>
              <h2 className="text-lg font-bold text-steel-950">Thank you: your answer is in</h2>
              <p className="mt-1 text-sm text-steel-600">
                {data.answeredAt ? `Received ${dateFormat.format(new Date(data.answeredAt))}. ` : ""}
                {data.firm} has been told.
              </p>
            </div>
          </div>
        ) : (
          <AnswerForm token={token} />
        )}
      </div>
    </div>
  );
}
