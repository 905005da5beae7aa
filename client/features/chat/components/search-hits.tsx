import { UsersRound } from "lucide-react";
import { useId, useMemo } from "react";
import { cx } from "~/components/ui/cx";
import type { SearchHit } from "../../../../shared/chat-search.ts";
import { useChatContext } from "../hooks/chat-context.ts";
import { dayKey, dayLabel, formatDateTime, formatTime } from "../lib/dates.ts";
import { parseHighlight } from "../lib/highlight.ts";
import type { HitGroup } from "../lib/search.ts";
import { GroupAvatar, UserAvatar } from "./avatar.tsx";

/** One conversation's hits under its name and count; the chosen one is marked. */
export function HitSection({
  group,
  headingLevel,
  chosen,
  onChoose,
}: {
  group: HitGroup;
  headingLevel: 3 | 4;
  chosen: number | null;
  onChoose: (hit: SearchHit) => void;
}) {
  const { directory } = useChatContext();
  const headingId = useId();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const { chat, hits } = group;
  const name =
    chat.kind === "group"
      ? (directory.groupsById.get(chat.groupId)?.name ?? `Group ${chat.groupId}`)
      : directory.displayName(chat.username);
  return (
    <section aria-labelledby={headingId} className="mt-2 first:mt-1">
      <div className="flex items-center gap-2 px-2 py-1.5">
        {chat.kind === "group" ? (
          <GroupAvatar name={name} size="sm" />
        ) : (
          <UserAvatar name={name} seed={chat.username} size="sm" />
        )}
        <Heading id={headingId} className="flex min-w-0 flex-1 items-center gap-1.5 text-sm font-bold text-steel-950">
          <span className="truncate">{name}</span>
          {chat.kind === "group" && <UsersRound aria-hidden="true" size={12} className="shrink-0 text-steel-500" />}
          <span className="ml-auto shrink-0 rounded-full bg-steel-200 px-1.5 text-[11px] font-semibold text-steel-700 tabular-nums">
            <span className="sr-only">, </span>
            {hits.length}
            <span className="sr-only"> {hits.length === 1 ? "result" : "results"}</span>
          </span>
        </Heading>
      </div>
      <ul className="space-y-0.5">
        {hits.map((hit) => (
          <HitItem key={hit.message.id} hit={hit} chosen={chosen === hit.message.id} onChoose={() => onChoose(hit)} />
        ))}
      </ul>
    </section>
  );
}

/** A hit: who, when, and the text with the matched words marked; it opens the message in its chat. */
function HitItem({ hit, chosen, onChoose }: { hit: SearchHit; chosen: boolean; onChoose: () => void }) {
  const { directory } = useChatContext();
  const { message } = hit;
  const segments = useMemo(() => parseHighlight(hit.highlight), [hit.highlight]);
  const date = new Date(message.timestamp);
  const now = new Date();
  const when = dayKey(date) === dayKey(now) ? formatTime(date) : dayLabel(date, now);
  return (
    <li>
      <button
        type="button"
        data-hit={message.id}
        aria-current={chosen ? "true" : undefined}
        onClick={onChoose}
        className={cx(
          "flex w-full flex-col gap-0.5 rounded-lg px-2 py-2 text-left transition-colors",
          chosen ? "bg-white shadow-sm ring-1 ring-steel-200" : "hover:bg-white/80",
        )}
      >
        <span className="flex w-full items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate text-xs font-semibold text-steel-800">
            {directory.displayName(message.sender)}
          </span>
          <time
            dateTime={message.timestamp}
            title={formatDateTime(date)}
            className="shrink-0 text-[11px] text-steel-500"
          >
            {when}
          </time>
        </span>
        <span className="line-clamp-3 text-sm [overflow-wrap:anywhere] text-steel-700">
          {message.deleted ? (
            <em className="text-steel-500">This message was deleted</em>
          ) : segments.length > 0 ? (
            segments.map((segment, index) =>
              segment.hit ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text never reorder
                <mark key={index} className="rounded-sm bg-accent-100 px-0.5 font-semibold text-steel-950">
                  {segment.text}
                </mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text never reorder
                <span key={index}>{segment.text}</span>
              ),
            )
          ) : (
            (message.fileName ?? "")
          )}
        </span>
      </button>
    </li>
  );
}
