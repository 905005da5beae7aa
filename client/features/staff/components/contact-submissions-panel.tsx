import { ExternalLink, Inbox, Trash2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useToast } from "~/components/ui/toast";
import { useDeleteContactSubmission } from "../api/delete-contact-submission.ts";
import { useContactSubmissions } from "../api/get-contact-submissions.ts";
import { staffPaths } from "../api/paths.ts";
import type { ContactSubmission } from "../api/types.ts";
import { useDebouncedValue } from "../hooks/use-debounced-value.ts";
import { messageFrom } from "../lib/messages.ts";
import { EmptyPanel } from "./empty-panel.tsx";
import {
  Detail,
  dateTimeFormat,
  EmailLink,
  ExportButton,
  LeadToolbar,
  ListError,
  ListSkeleton,
  NoMatches,
  OpenFileButton,
  PhoneLink,
} from "./lead-list-parts.tsx";

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/**
 * Body of the Contact Form Submissions section (GET /api/contact/all): quote requests newest first,
 * searchable, every field, the attached file, delete with confirmation, CSV exports.
 */
export function ContactSubmissionsPanel() {
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim());
  const submissions = useContactSubmissions(query);
  const remove = useDeleteContactSubmission();
  const toast = useToast();
  const listRef = useRef<HTMLUListElement>(null);
  const list = submissions.data ?? [];

  async function deleteSubmission(submission: ContactSubmission) {
    try {
      await remove.mutateAsync(submission.id);
      toast({
        title: "Submission deleted",
        description: `The request from ${submission.name}${submission.fileName ? " and its file were" : " was"} deleted.`,
      });
    } catch (error) {
      toast({ title: "Deletion failed", description: messageFrom(error, "Please try again."), tone: "error" });
      throw error;
    }
  }

  let body: ReactNode;
  if (submissions.isPending) body = <ListSkeleton label="Loading submissions…" />;
  else if (submissions.isError)
    body = (
      <ListError
        error={submissions.error}
        fallback="Failed to fetch the contact form submissions."
        onRetry={() => void submissions.refetch()}
        retrying={submissions.isFetching}
      />
    );
  else if (list.length === 0 && !query)
    body = (
      <EmptyPanel
        icon={Inbox}
        title="No submissions yet."
        text="Quote requests from the contact page are listed here."
      />
    );
  else if (list.length === 0) body = <NoMatches query={query} />;
  else
    body = (
      <ul ref={listRef} tabIndex={-1} aria-label="Contact form submissions" className="space-y-3 focus:outline-none">
        {list.map((submission) => (
          <li key={submission.id} className="rounded-lg border border-steel-200 p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="font-semibold break-words text-steel-950">{submission.name}</h3>
                <p className="text-sm text-steel-600">
                  {submission.company ? `${submission.company} · ` : ""}
                  <time dateTime={submission.submittedAt}>
                    {dateTimeFormat.format(new Date(submission.submittedAt))}
                  </time>
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {submission.uploadedFilePath && submission.fileName && (
                  <OpenFileButton
                    path={submission.uploadedFilePath}
                    name={submission.fileName}
                    type={submission.fileType}
                    label={`Open ${submission.fileName} from ${submission.name}`}
                  />
                )}
                <ConfirmDialog
                  trigger={
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete the submission from ${submission.name}`}
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                    >
                      <Trash2 aria-hidden="true" size={14} />
                      Delete
                    </Button>
                  }
                  title={`Delete the request from ${submission.name}?`}
                  description={
                    submission.fileName
                      ? `The request and its file ${submission.fileName} are deleted. This cannot be undone.`
                      : "The request is deleted. This cannot be undone."
                  }
                  confirmLabel="Delete submission"
                  onConfirm={() => deleteSubmission(submission)}
                  onConfirmed={() => listRef.current?.focus()}
                />
              </div>
            </div>
            <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
              <Detail label="Email">
                <EmailLink email={submission.email} />
              </Detail>
              <Detail label="Phone">{submission.phone ? <PhoneLink phone={submission.phone} /> : ""}</Detail>
              <Detail label="Company">{submission.company}</Detail>
              <Detail label="Project name">{submission.projectName}</Detail>
              <Detail label="Tons of steel">{submission.tonsOfSteel}</Detail>
              <Detail label="Type of work">
                {submission.workTypes.length > 0 ? (
                  <ul className="flex flex-wrap gap-1.5">
                    {submission.workTypes.map((type) => (
                      <li
                        key={type}
                        className="rounded-full bg-steel-100 px-2 py-0.5 text-xs font-medium text-steel-800"
                      >
                        {type}
                      </li>
                    ))}
                  </ul>
                ) : (
                  ""
                )}
              </Detail>
              <Detail label="Proposal date">{submission.proposalDate}</Detail>
              <Detail label="Project date">{submission.projectDate}</Detail>
              <Detail label="Project URL">
                {submission.projectUrl && isWebLink(submission.projectUrl) ? (
                  <a
                    href={submission.projectUrl}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="inline-flex max-w-full items-center gap-1 font-medium text-accent-700 underline-offset-2 hover:underline"
                  >
                    <span className="truncate">{submission.projectUrl}</span>
                    <ExternalLink aria-hidden="true" size={12} className="shrink-0" />
                  </a>
                ) : (
                  submission.projectUrl
                )}
              </Detail>
              <Detail label="Scope of work" wide>
                {submission.scopeOfWork ? <span className="whitespace-pre-wrap">{submission.scopeOfWork}</span> : ""}
              </Detail>
            </dl>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="space-y-4">
      <LeadToolbar
        searchLabel="Search submissions"
        placeholder="Search name, email, company, project…"
        search={search}
        onSearch={setSearch}
        summary={
          submissions.isSuccess
            ? `${list.length} ${list.length === 1 ? "submission" : "submissions"}${query ? ` matching “${query}”` : ""}`
            : null
        }
      >
        <ExportButton
          path={staffPaths.contactExport}
          query={{ q: query || undefined }}
          label="Export CSV"
          fallbackName="contact-submissions.csv"
        />
        <ExportButton
          path={staffPaths.newsletterExport}
          label="Newsletter subscribers (CSV)"
          fallbackName="newsletter-subscribers.csv"
        />
      </LeadToolbar>
      {body}
    </div>
  );
}
