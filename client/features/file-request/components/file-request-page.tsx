import { QueryClient, QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, HardDriveUpload, RefreshCw } from "lucide-react";
import { useCallback, useState } from "react";
import { LinkPageChrome, LinkProblem } from "~/components/layout/link-page";
import { Button } from "~/components/ui/button";
import { HttpError } from "~/lib/http-error";
import { formatBytes } from "../../../../shared/bytes.ts";
import type { PublicFileRequest } from "../../../../shared/file-requests.ts";
import { useFileRequest } from "../api/get-file-request.ts";
import { fileRequestKeys } from "../api/paths.ts";
import type { UploadRow } from "../hooks/use-uploads.ts";
import { bytesLeft, timeLeftText } from "../lib/upload-rules.ts";
import { PasswordForm } from "./password-form.tsx";
import { UploadPanel } from "./upload-panel.tsx";

/** The client's page of a file request (`/upload/{token}`, no login): its own query cache, nothing of the staff's. */
export function FileRequestPage({ token }: { token: string }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { mutations: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <LinkPageChrome label="Secure file transfer">
        <FileRequestView token={token} />
      </LinkPageChrome>
    </QueryClientProvider>
  );
}

const linkEnded = {
  title: "This link has expired",
  text: "Files can no longer be sent through it. If you still need to send us something, ask us for a new link.",
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "short" });

function FileRequestView({ token }: { token: string }) {
  const request = useFileRequest(token);
  const queryClient = useQueryClient();
  const [password, setPassword] = useState<string | null>(null);

  // A file has arrived: count it at once, then ask the server what it counts.
  const onSent = useCallback(
    (row: UploadRow) => {
      queryClient.setQueryData<PublicFileRequest>(fileRequestKeys.request(token), (data) =>
        data ? { ...data, receivedBytes: data.receivedBytes + row.size } : data,
      );
      void queryClient.invalidateQueries({ queryKey: fileRequestKeys.request(token) });
    },
    [queryClient, token],
  );

  // A failed refetch keeps the data (and the files on their way): only a first load shows errors.
  if (request.data === undefined && !request.isError) {
    return (
      <div aria-busy="true" className="space-y-4">
        <span className="sr-only">Loading…</span>
        <div className="h-8 w-2/3 animate-pulse rounded bg-steel-200" />
        <div className="h-40 animate-pulse rounded-xl bg-white" />
      </div>
    );
  }

  if (request.data === undefined) {
    const status = request.error instanceof HttpError ? request.error.status : 0;
    if (status === 404 || status === 410) return <LinkProblem status={status} ended={linkEnded} />;
    return (
      <section className="space-y-4 rounded-xl border border-steel-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-steel-950">This page could not be loaded</h1>
        <p className="text-steel-600">Check your connection and try again.</p>
        <Button variant="secondary" onClick={() => void request.refetch()} loading={request.isFetching}>
          <RefreshCw aria-hidden="true" size={16} />
          Try again
        </Button>
      </section>
    );
  }

  const data = request.data;
  const left = bytesLeft(data, 0);
  const locked = data.hasPassword && password === null;
  const expires = new Date(data.expiresAt);

  return (
    <div className="space-y-6">
      <section className="rounded-xl border border-steel-200 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-xs font-bold tracking-[0.14em] text-accent-700 uppercase">Files requested</p>
        <h1 className="mt-1 text-2xl font-bold break-words text-steel-950 sm:text-3xl">{data.title}</h1>
        {data.message && <p className="mt-3 whitespace-pre-line break-words text-steel-700">{data.message}</p>}
        <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-2">
          {/* A dl's groups may hold only dt and dd: the icon sits in the dt, the dd in the second column. */}
          <div className="grid content-start grid-cols-[18px_minmax(0,1fr)] gap-x-2.5 rounded-lg bg-steel-50 p-3">
            <dt className="col-span-2 flex items-center gap-2.5 font-semibold text-steel-900">
              <CalendarClock aria-hidden="true" size={18} className="shrink-0 text-steel-600" />
              Open until
            </dt>
            <dd className="col-start-2 text-steel-700">
              <time dateTime={data.expiresAt}>{dateFormat.format(expires)}</time>
              <span className="text-steel-600"> ({timeLeftText(data.expiresAt, Date.now())})</span>
            </dd>
          </div>
          <div className="grid content-start grid-cols-[18px_minmax(0,1fr)] gap-x-2.5 rounded-lg bg-steel-50 p-3">
            <dt className="col-span-2 flex items-center gap-2.5 font-semibold text-steel-900">
              <HardDriveUpload aria-hidden="true" size={18} className="shrink-0 text-steel-600" />
              You may still send
            </dt>
            <dd className="col-start-2 text-steel-700">
              {formatBytes(left)} <span className="text-steel-600">of {formatBytes(data.maxTotalBytes)}</span>
            </dd>
          </div>
        </dl>
      </section>

      <div className="rounded-xl border border-steel-200 bg-white p-5 shadow-sm sm:p-8">
        {locked ? (
          <PasswordForm token={token} onAccepted={setPassword} />
        ) : (
          <UploadPanel token={token} password={password} left={left} onSent={onSent} />
        )}
      </div>
    </div>
  );
}
