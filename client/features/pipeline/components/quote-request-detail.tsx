import { ExternalLink } from "lucide-react";
import { Button } from "~/components/ui/button";
import { dateTimeFormat } from "~/lib/date-format";
import { useQuoteRequests } from "../api/get-quote-requests.ts";
import type { QuoteRequest } from "../api/types.ts";
import { relatedRequests } from "../lib/pipeline.ts";
import { FilePreview } from "./file-preview.tsx";
import { Detail, EmailLink, PhoneLink } from "./list-parts.tsx";
import { Notes, Timeline } from "./notes-and-timeline.tsx";
import { QuoteStatusBadge } from "./pipeline-badges.tsx";
import { QuoteRequestWorkForm } from "./quote-request-work-form.tsx";
import { DialogSection, WorkDialog } from "./work-dialog.tsx";

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/** The detail of one quote request: its work (stage, assignee, follow-up), its fields, file, related requests, notes and timeline. */
export function QuoteRequestDetail({
  request,
  me,
  admin = true,
  onClose,
  onOpenRelated,
}: {
  request: QuoteRequest;
  me: string;
  /** Only an admin reassigns (decision 043). */
  admin?: boolean;
  onClose: () => void;
  onOpenRelated: (request: QuoteRequest) => void;
}) {
  return (
    <WorkDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={
        <>
          {request.reference} · {request.name}
        </>
      }
      description={request.company || request.email}
    >
      <QuoteRequestWorkForm key={request.id} request={request} me={me} canReassign={admin} />
      {request.uploadedFilePath && request.fileName && (
        <DialogSection title="Attached file">
          <FilePreview
            path={request.uploadedFilePath}
            name={request.fileName}
            type={request.fileType}
            owner={request.name}
          />
        </DialogSection>
      )}
      <DialogSection title="Request">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Detail label="Reference">{request.reference}</Detail>
          <Detail label="Received">
            <time dateTime={request.submittedAt}>{dateTimeFormat.format(new Date(request.submittedAt))}</time>
          </Detail>
          <Detail label="Name">{request.name}</Detail>
          <Detail label="Email">
            <EmailLink email={request.email} />
          </Detail>
          <Detail label="Phone">{request.phone ? <PhoneLink phone={request.phone} /> : ""}</Detail>
          <Detail label="Company">{request.company}</Detail>
          <Detail label="Project name">{request.projectName}</Detail>
          <Detail label="Tons of steel">{request.tonsOfSteel}</Detail>
          <Detail label="Type of work">
            {request.workTypes.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {request.workTypes.map((type) => (
                  <li key={type} className="rounded-full bg-steel-100 px-2 py-0.5 text-xs font-medium text-steel-800">
                    {type}
                  </li>
                ))}
              </ul>
            ) : (
              ""
            )}
          </Detail>
          <Detail label="Proposal date">{request.proposalDate}</Detail>
          <Detail label="Project date">{request.projectDate}</Detail>
          <Detail label="First contact">
            {request.contactedAt ? (
              <time dateTime={request.contactedAt}>{dateTimeFormat.format(new Date(request.contactedAt))}</time>
            ) : (
              ""
            )}
          </Detail>
          <Detail label="Project URL">
            {request.projectUrl && isWebLink(request.projectUrl) ? (
              <a
                href={request.projectUrl}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="inline-flex max-w-full items-center gap-1 font-medium text-accent-700 underline-offset-2 hover:underline"
              >
                <span className="truncate">{request.projectUrl}</span>
                <ExternalLink aria-hidden="true" size={12} className="shrink-0" />
              </a>
            ) : (
              request.projectUrl
            )}
          </Detail>
          <Detail label="Scope of work" className="min-w-0 sm:col-span-2">
            {request.scopeOfWork ? <span className="whitespace-pre-wrap">{request.scopeOfWork}</span> : ""}
          </Detail>
        </dl>
      </DialogSection>
      <Related request={request} onOpen={onOpenRelated} />
      <Notes item={{ kind: "quote", id: request.id }} />
      <Timeline item={{ kind: "quote", id: request.id }} />
    </WorkDialog>
  );
}

function Related({ request, onOpen }: { request: QuoteRequest; onOpen: (request: QuoteRequest) => void }) {
  const all = useQuoteRequests("");
  const related = relatedRequests(all.data ?? [], request);
  return (
    <DialogSection title={`Related requests (${request.related})`}>
      {request.related === 0 && related.length === 0 ? (
        <p className="text-sm text-steel-500">No other requests from this e-mail or company.</p>
      ) : related.length === 0 ? (
        <p className="text-sm text-steel-500">{all.isPending ? "Loading…" : "They are not in the list any more."}</p>
      ) : (
        <ul aria-label="Related requests" className="divide-y divide-steel-100 rounded-lg border border-steel-200">
          {related.map((other) => (
            <li key={other.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-steel-900">
                  {other.reference} · {other.name}
                </p>
                <p className="text-steel-600">
                  <time dateTime={other.submittedAt}>{dateTimeFormat.format(new Date(other.submittedAt))}</time>
                  {other.projectName ? ` · ${other.projectName}` : ""}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <QuoteStatusBadge status={other.status} />
                <Button variant="ghost" size="sm" onClick={() => onOpen(other)} aria-label={`Open ${other.reference}`}>
                  Open
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DialogSection>
  );
}
