import { cx } from "~/components/ui/cx";
import type { ReplyQuote as Quote } from "../../../../shared/chat.ts";

export const deletedText = "This message was deleted";

/**
 * The quote a reply shows above its text (DESIGN §10): who wrote the original and an excerpt, or
 * that it was deleted. A button: it jumps to the original.
 */
export function ReplyQuote({
  quote,
  senderName,
  own,
  onJump,
}: {
  quote: Quote;
  senderName: string;
  own: boolean;
  onJump: (messageId: number) => void;
}) {
  const deleted = quote.excerpt === "";
  const excerpt = deleted ? deletedText : quote.excerpt;
  return (
    <button
      type="button"
      onClick={() => onJump(quote.id)}
      className={cx(
        "mb-1.5 -mx-1 flex w-[calc(100%+0.5rem)] min-w-40 flex-col rounded-lg border-l-[3px] px-2 py-1 text-left text-xs transition-colors",
        own
          ? "border-accent-400 bg-white/10 text-steel-100 hover:bg-white/15"
          : "border-accent-500 bg-steel-50 text-steel-700 hover:bg-steel-100",
      )}
    >
      {/* Named by what it shows (WCAG 2.5.3, label in name): a voice user says the sender or the words
          they see; a screen reader hears the same with what the quote is and what it does. */}
      <span className="sr-only">In reply to </span>
      <span className={cx("font-semibold", own ? "text-white" : "text-steel-900")}>{senderName}</span>
      <span className={cx("line-clamp-2 break-words", deleted && "italic")}>{excerpt}</span>
      <span className="sr-only">Show the original message</span>
    </button>
  );
}
