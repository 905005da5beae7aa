import { Check, CheckCheck, Loader2 } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { useReaders } from "../api/readers.ts";
import { formatDateTime } from "../lib/dates.ts";
import { seenLabel } from "../lib/receipts.ts";

/** A private chat's "Seen 14:32" under my last message the other person has read. */
export function SeenAt({ at }: { at: string }) {
  const date = new Date(at);
  return (
    <p className="mt-0.5 inline-flex items-center gap-1 px-1 text-[11px] text-steel-500" title={formatDateTime(date)}>
      <CheckCheck aria-hidden="true" size={12} className="text-accent-600" />
      {seenLabel(date)}
    </p>
  );
}

/** A group message's "Seen by N": a button that lists who, and when (GET …/readers). */
export function SeenBy({
  messageId,
  count,
  displayName,
}: {
  messageId: number;
  count: number;
  displayName: (username: string) => string;
}) {
  const [open, setOpen] = useState(false);
  const readers = useReaders(messageId, open);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="mt-0.5 inline-flex items-center gap-1 rounded px-1 text-[11px] font-medium text-steel-600 hover:text-steel-950 hover:underline"
        aria-label={`Seen by ${count}: show who`}
      >
        <CheckCheck aria-hidden="true" size={12} className="text-accent-600" />
        Seen by {count}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          aria-label="Seen by"
          className="z-50 w-64 max-w-[calc(100vw-1rem)] rounded-xl border border-steel-200 bg-white p-2 shadow-xl focus:outline-none"
        >
          <p className="px-1.5 pt-0.5 pb-1.5 text-xs font-semibold text-steel-500">Seen by</p>
          {readers.isPending ? (
            <p className="flex items-center gap-2 px-1.5 py-2 text-sm text-steel-600">
              <Loader2 aria-hidden="true" size={14} className="animate-spin" />
              Loading…
            </p>
          ) : readers.isError ? (
            <p className="px-1.5 py-2 text-sm text-red-700">Could not load who has seen it.</p>
          ) : readers.data.length === 0 ? (
            <p className="px-1.5 py-2 text-sm text-steel-600">Nobody yet.</p>
          ) : (
            <ul className="max-h-60 overflow-y-auto">
              {readers.data.map((reader) => {
                const date = new Date(reader.at);
                return (
                  <li key={reader.username} className="flex items-center gap-2 rounded-md px-1.5 py-1.5 text-sm">
                    <Check aria-hidden="true" size={14} className="shrink-0 text-accent-600" />
                    <span className="min-w-0 flex-1 truncate font-medium text-steel-900">
                      {displayName(reader.username)}
                    </span>
                    <time dateTime={reader.at} title={formatDateTime(date)} className="text-xs text-steel-500">
                      {seenLabel(date).replace(/^Seen /, "")}
                    </time>
                  </li>
                );
              })}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
