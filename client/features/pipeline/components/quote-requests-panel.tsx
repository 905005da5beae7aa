import { Inbox, PanelRightOpen, Trash2 } from "lucide-react";
import { type ReactNode, useDeferredValue, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { EmptyPanel } from "~/components/dashboard/empty-panel";
import { ExportButton } from "~/components/dashboard/export-button";
import { ListError, ListSkeleton } from "~/components/dashboard/list-states";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cx } from "~/components/ui/cx";
import { useToast } from "~/components/ui/toast";
import { dateTimeFormat } from "~/lib/date-format";
import { messageFrom } from "~/lib/http-error";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import { useNow } from "~/lib/use-now";
import { useDeleteQuoteRequest } from "../api/delete-quote-request.ts";
import { quoteRequestQuery, useQuoteRequests } from "../api/get-quote-requests.ts";
import { pipelinePaths, quoteRequestPaths } from "../api/paths.ts";
import type { QuoteRequest, QuoteRequestFilters } from "../api/types.ts";
import { filtersFromSearch, filtersToSearch, followUpState, matchesFilters } from "../lib/pipeline.ts";
import { ListToolbar, NoMatches } from "./list-parts.tsx";
import { FollowUpBadge, QuoteStatusBadge } from "./pipeline-badges.tsx";
import { QuoteRequestBoard } from "./quote-request-board.tsx";
import { QuoteRequestDetail } from "./quote-request-detail.tsx";
import { QuoteRequestFilterBar, type QuoteView } from "./quote-request-filter-bar.tsx";

/**
 * Body of the Contact Form Submissions section (GET /api/contact/all): quote requests newest first
 * as a list or a board by stage, filtered by stage, assignee and follow-up (kept in the address),
 * searchable, exported to CSV; each opens its detail.
 */
export function QuoteRequestsPanel({
  me,
  admin = true,
  selection,
}: {
  me: string;
  /** An admin works every request; anyone else the ones assigned to them (no export, deletion or reassigning). */
  admin?: boolean;
  /** The open request kept by the caller (the workspace keeps it in the address); local state otherwise. */
  selection?: { reference: string | null; onChange: (reference: string | null) => void };
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const view: QuoteView = searchParams.get("view") === "board" ? "board" : "list";
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim());
  const requests = useQuoteRequests(query, filters);
  const remove = useDeleteQuoteRequest();
  const toast = useToast();
  const nowMs = useNow();
  const now = new Date(nowMs);
  const listRef = useRef<HTMLUListElement>(null);
  const [localSelected, setLocalSelected] = useState<QuoteRequest | null>(null);
  // The server filters too; this keeps the list right while a fresh answer loads.
  const filterKey = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filters is read through its key (a new object each render).
  const list = useMemo(
    () => (requests.data ?? []).filter((request) => matchesFilters(request, filters, new Date(nowMs))),
    [requests.data, filterKey, nowMs],
  );
  // Hundreds of rows take a while to render: the open request (a cold link to it) shows first,
  // and the rows follow in a background render that never holds it up.
  const rows = useDeferredValue(list, []);
  const filtered = Boolean(query || filters.status || filters.assignee || filters.due);
  // The open detail follows the freshest copy of its request, even once a filter or search hides
  // it (the unfiltered list, which the overview loads too, still has it).
  const everything = useQuoteRequests("");
  const wanted = selection?.reference?.toLowerCase();
  const selected = selection
    ? ((everything.data ?? []).find((request) => request.reference.toLowerCase() === wanted) ?? null)
    : localSelected;
  const setSelected = (request: QuoteRequest | null) =>
    selection ? selection.onChange(request?.reference ?? null) : setLocalSelected(request);
  const missing = Boolean(wanted && everything.isSuccess && !selected);
  const open = selected
    ? ((requests.data ?? []).find((request) => request.id === selected.id) ??
      (everything.data ?? []).find((request) => request.id === selected.id) ??
      selected)
    : null;

  const update = (next: { filters?: QuoteRequestFilters; view?: QuoteView }) => {
    let params = filtersToSearch(searchParams, next.filters ?? filters);
    if (next.view) {
      params = new URLSearchParams(params);
      if (next.view === "board") params.set("view", "board");
      else params.delete("view");
    }
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  async function deleteRequest(request: QuoteRequest) {
    try {
      await remove.mutateAsync(request.id);
      toast({
        title: "Submission deleted",
        description: `The request from ${request.name}${request.fileName ? " and its file were" : " was"} deleted.`,
      });
    } catch (error) {
      toast({ title: "Deletion failed", description: messageFrom(error, "Please try again."), tone: "error" });
      throw error;
    }
  }

  let body: ReactNode;
  if (requests.isPending) body = <ListSkeleton label="Loading quote requests…" />;
  else if (requests.isError)
    body = (
      <ListError
        error={requests.error}
        fallback="Failed to fetch the contact form submissions."
        onRetry={() => void requests.refetch()}
        retrying={requests.isFetching}
      />
    );
  else if (list.length === 0 && !filtered)
    body = admin ? (
      <EmptyPanel
        icon={Inbox}
        title="No submissions yet."
        text="Quote requests from the contact page are listed here."
      />
    ) : (
      <EmptyPanel
        icon={Inbox}
        title="Nothing is assigned to you."
        text="Quote requests an admin assigns to you show up here."
      />
    );
  else if (view === "board") body = <QuoteRequestBoard requests={rows} now={now} onOpen={setSelected} />;
  else if (list.length === 0) body = <NoMatches query={query || "these filters"} />;
  else
    body = (
      <ul ref={listRef} tabIndex={-1} aria-label="Contact form submissions" className="space-y-3 focus:outline-none">
        {rows.map((request) => {
          const due = followUpState(request, now);
          return (
            <li
              key={request.id}
              className={cx(
                "rounded-lg border p-4",
                due === "overdue" ? "border-red-300" : due === "today" ? "border-amber-300" : "border-steel-200",
              )}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 space-y-1">
                  <p className="text-xs font-semibold text-steel-500">{request.reference}</p>
                  <h3 className="font-semibold break-words text-steel-950">{request.name}</h3>
                  <p className="text-sm text-steel-600">
                    {request.company ? `${request.company} · ` : ""}
                    {request.projectName ? `${request.projectName} · ` : ""}
                    <time dateTime={request.submittedAt}>{dateTimeFormat.format(new Date(request.submittedAt))}</time>
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setSelected(request)}
                    aria-label={`Open ${request.reference} from ${request.name}`}
                  >
                    <PanelRightOpen aria-hidden="true" size={14} />
                    Details
                  </Button>
                  {admin && (
                    <ConfirmDialog
                      trigger={
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Delete the submission from ${request.name}`}
                          className="text-red-700 hover:bg-red-50 hover:text-red-800"
                        >
                          <Trash2 aria-hidden="true" size={14} />
                          Delete
                        </Button>
                      }
                      title={`Delete the request from ${request.name}?`}
                      description={
                        request.fileName
                          ? `The request and its file ${request.fileName} are deleted. This cannot be undone.`
                          : "The request is deleted. This cannot be undone."
                      }
                      confirmLabel="Delete submission"
                      onConfirm={() => deleteRequest(request)}
                      onConfirmed={() => listRef.current?.focus()}
                    />
                  )}
                </div>
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                <QuoteStatusBadge status={request.status} />
                <span className="text-steel-700">
                  {request.assignee ? `Assigned to ${request.assignee}` : "Unassigned"}
                </span>
                <FollowUpBadge at={request.followUpAt} state={due} />
                {request.related > 0 && (
                  <span className="text-steel-700">
                    {request.related} related {request.related === 1 ? "request" : "requests"}
                  </span>
                )}
                {request.fileName && <span className="text-steel-600">File: {request.fileName}</span>}
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="space-y-4">
      <ListToolbar
        searchLabel="Search submissions"
        placeholder="Search name, email, company, project…"
        search={search}
        onSearch={setSearch}
        summary={
          requests.isSuccess
            ? `${list.length} ${list.length === 1 ? "submission" : "submissions"}${query ? ` matching “${query}”` : ""}`
            : null
        }
      >
        {admin && (
          <>
            <ExportButton
              path={quoteRequestPaths.csv}
              query={quoteRequestQuery(query, filters)}
              label="Export CSV"
              fallbackName="contact-submissions.csv"
            />
            <ExportButton
              path={pipelinePaths.newsletterExport}
              label="Newsletter subscribers (CSV)"
              fallbackName="newsletter-subscribers.csv"
            />
          </>
        )}
      </ListToolbar>
      <QuoteRequestFilterBar me={me} admin={admin} filters={filters} view={view} onChange={update} />
      {missing && (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          There is no quote request {selection?.reference}: it may have been deleted.
        </p>
      )}
      {body}
      {open && (
        <QuoteRequestDetail
          key={open.id}
          request={open}
          me={me}
          admin={admin}
          onClose={() => setSelected(null)}
          onOpenRelated={setSelected}
        />
      )}
    </div>
  );
}
