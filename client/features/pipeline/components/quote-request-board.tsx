import { ArrowRightLeft, ChevronDown } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { type FormEvent, useId, useState } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { HttpError, messageFrom } from "~/lib/http-error";
import {
  type QuoteStatus,
  quoteLimits,
  quoteStatuses,
  quoteStatusLabels,
  staleVersionMessage,
} from "../../../../shared/quote-requests.ts";
import type { QuoteRequest } from "../api/types.ts";
import { useUpdateQuoteRequest } from "../api/update-quote-request.ts";
import { followUpState, groupByStage } from "../lib/pipeline.ts";
import { FollowUpBadge, QuoteStatusBadge } from "./pipeline-badges.tsx";
import { WorkDialog } from "./work-dialog.tsx";

/** The board: a column per stage with its count; each card moves with its "Move to…" menu. */
export function QuoteRequestBoard({
  requests,
  now,
  onOpen,
}: {
  requests: QuoteRequest[];
  now: Date;
  onOpen: (request: QuoteRequest) => void;
}) {
  const columns = groupByStage(requests);
  const [losing, setLosing] = useState<QuoteRequest | null>(null);
  const move = useMove();

  return (
    <>
      {/* A phone stacks the stages; wider screens put them side by side (scrolling sideways when narrow). */}
      <div className="pb-2 sm:overflow-x-auto">
        <ol aria-label="Board by stage" className="grid gap-3 sm:auto-cols-[minmax(12rem,1fr)] sm:grid-flow-col">
          {columns.map((column) => (
            <li key={column.status}>
              <section
                aria-label={`${quoteStatusLabels[column.status]}: ${column.items.length}`}
                className="flex h-full flex-col rounded-lg border border-steel-200 bg-steel-50"
              >
                <h3 className="flex items-center justify-between border-b border-steel-200 px-3 py-2 text-sm font-bold text-steel-900">
                  {quoteStatusLabels[column.status]}
                  <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-steel-700 tabular-nums">
                    {column.items.length}
                    <span className="sr-only"> {column.items.length === 1 ? "request" : "requests"}</span>
                  </span>
                </h3>
                {column.items.length === 0 ? (
                  <p className="px-3 py-2 text-sm text-steel-500 sm:py-4">None</p>
                ) : (
                  <ul className="space-y-2 p-2">
                    {column.items.map((request) => (
                      <li key={request.id}>
                        <BoardCard
                          request={request}
                          now={now}
                          onOpen={() => onOpen(request)}
                          onMove={(status) => {
                            if (status === "lost") setLosing(request);
                            else void move(request, status);
                          }}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </li>
          ))}
        </ol>
      </div>
      {losing && (
        <LostReasonDialog
          request={losing}
          onClose={() => setLosing(null)}
          onConfirm={async (reason) => {
            if (await move(losing, "lost", reason)) setLosing(null);
          }}
        />
      )}
    </>
  );
}

function BoardCard({
  request,
  now,
  onOpen,
  onMove,
}: {
  request: QuoteRequest;
  now: Date;
  onOpen: () => void;
  onMove: (status: QuoteStatus) => void;
}) {
  return (
    <article
      aria-label={`${request.reference} ${request.company || request.name}`}
      className="space-y-2 rounded-md border border-steel-200 bg-white p-3 shadow-sm"
    >
      <button
        type="button"
        onClick={onOpen}
        className="block w-full text-left focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        <span className="block text-xs font-semibold text-steel-500">{request.reference}</span>
        <span className="block font-semibold break-words text-steel-950">{request.company || request.name}</span>
        {request.company && <span className="block text-sm text-steel-600">{request.name}</span>}
      </button>
      <p className="text-sm text-steel-700">{request.assignee ? `Assigned to ${request.assignee}` : "Unassigned"}</p>
      <div className="text-sm">
        <FollowUpBadge at={request.followUpAt} state={followUpState(request, now)} />
      </div>
      <MoveMenu request={request} onMove={onMove} />
    </article>
  );
}

/** The keyboard way to move a card: a menu of the other stages. */
export function MoveMenu({ request, onMove }: { request: QuoteRequest; onMove: (status: QuoteStatus) => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={buttonClass("secondary", "sm", "w-full justify-between")}
        aria-label={`Move ${request.reference} to…`}
      >
        <span className="inline-flex items-center gap-1.5">
          <ArrowRightLeft aria-hidden="true" size={14} />
          Move to…
        </span>
        <ChevronDown aria-hidden="true" size={14} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-50 min-w-44 rounded-md border border-steel-200 bg-white p-1 shadow-lg"
        >
          {quoteStatuses
            .filter((status) => status !== request.status)
            .map((status) => (
              <DropdownMenu.Item
                key={status}
                onSelect={() => onMove(status)}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-steel-800 outline-none data-[highlighted]:bg-steel-100"
              >
                <QuoteStatusBadge status={status} />
              </DropdownMenu.Item>
            ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Moves a request to another stage with the version read; a 409 says so and reloads the board. */
export function useMove() {
  const update = useUpdateQuoteRequest();
  const toast = useToast();
  return async (request: QuoteRequest, status: QuoteStatus, lostReason?: string): Promise<boolean> => {
    try {
      const updated = await update.mutateAsync({
        id: request.id,
        patch: { version: request.version, status, ...(lostReason ? { lostReason } : {}) },
      });
      toast({ title: `Moved to ${quoteStatusLabels[status]}`, description: `${updated.reference} · ${updated.name}` });
      return true;
    } catch (error) {
      const stale = error instanceof HttpError && error.status === 409;
      toast({
        title: stale ? "Not moved" : "Move failed",
        description: stale ? staleVersionMessage : messageFrom(error, "Please try again."),
        tone: "error",
      });
      return false;
    }
  };
}

/** Moving to Lost asks why. */
function LostReasonDialog({
  request,
  onClose,
  onConfirm,
}: {
  request: QuoteRequest;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === "") {
      setError("Say why it was lost");
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
    } finally {
      setBusy(false);
    }
  }
  return (
    <WorkDialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      size="compact"
      title={`Move ${request.reference} to Lost`}
      description="Say why it was lost: it is kept with the request."
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
        <label htmlFor={id} className="block text-sm font-semibold text-steel-800">
          Why was it lost?
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={quoteLimits.lostReasonMax}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={controlClass}
          // biome-ignore lint/a11y/noAutofocus: the dialog opens for this one field
          autoFocus
        />
        {error && (
          <p id={`${id}-error`} className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="danger" loading={busy}>
            Move to Lost
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
    </WorkDialog>
  );
}
