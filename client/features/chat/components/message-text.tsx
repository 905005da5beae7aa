import { cx } from "~/components/ui/cx";
import type { ChatMessage } from "../../../../shared/chat.ts";
import { type MessageActions, textSegments } from "../lib/messages.ts";

/** The text with the @mentions of members as marked spans (mine stands out); never HTML. */
export function MessageText({
  text,
  message,
  actions,
  own,
}: {
  text: string;
  message: ChatMessage;
  actions: MessageActions;
  own: boolean;
}) {
  const mentionable = message.mentions.length > 0 ? [...message.mentions, ...actions.mentionable] : actions.mentionable;
  const segments = textSegments(text, mentionable, actions.me);
  if (segments.length === 1 && segments[0]!.kind === "text") return text;
  return segments.map((segment, index) =>
    segment.kind === "text" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text, in order, never reordered
      <span key={index}>{segment.text}</span>
    ) : (
      <span
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        key={index}
        title={actions.displayName(segment.username)}
        className={cx(
          "rounded px-0.5 font-semibold",
          segment.me
            ? "bg-accent-500 text-white"
            : own
              ? "bg-white/15 text-accent-100"
              : "bg-accent-50 text-accent-700",
        )}
      >
        {segment.text}
        {segment.me && <span className="sr-only"> (mentions you)</span>}
      </span>
    ),
  );
}
