import { CornerUpLeft, Pencil, X } from "lucide-react";
import type { ReactNode } from "react";
import type { ChatMessage } from "../../../../shared/chat.ts";
import { excerptOf } from "../lib/messages.ts";
import { deletedText } from "./reply-quote.tsx";

/** What the composer is busy with above its text: "Editing message" or "Replying to Alice", or nothing. */
export function ComposerBanner({
  id,
  editing,
  replying,
  error,
  displayName,
  onCancel,
}: {
  id: string;
  editing: ChatMessage | null;
  replying: ChatMessage | null;
  /** Why the edit was not saved. */
  error: string | null;
  displayName: (username: string) => string;
  onCancel: () => void;
}) {
  if (editing) {
    return (
      <ModeBanner
        id={id}
        icon={<Pencil aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-accent-600" />}
        title="Editing message"
        detail={excerptOf(editing.content, 90)}
        cancelLabel="Cancel editing"
        onCancel={onCancel}
        error={error}
      />
    );
  }
  if (replying) {
    return (
      <ModeBanner
        id={id}
        icon={<CornerUpLeft aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-accent-600" />}
        title={`Replying to ${displayName(replying.sender)}`}
        detail={replying.deleted ? deletedText : excerptOf(replying.content || replying.fileName || "", 90)}
        cancelLabel="Cancel reply"
        onCancel={onCancel}
        error={null}
      />
    );
  }
  return null;
}

/** "Replying to Alice: …" or "Editing message", with a way out (the X, or Escape in the text). */
function ModeBanner({
  id,
  icon,
  title,
  detail,
  cancelLabel,
  onCancel,
  error,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  detail: string;
  cancelLabel: string;
  onCancel: () => void;
  error: string | null;
}) {
  return (
    <div className="mb-2 flex items-start gap-2.5 rounded-xl border-l-4 border-accent-500 bg-steel-50 py-2 pr-1.5 pl-3">
      {icon}
      <div id={id} className="min-w-0 flex-1">
        <p className="text-xs font-semibold text-steel-900">
          {title}
          <span className="sr-only">: </span>
        </p>
        <p className="truncate text-xs text-steel-600">{detail}</p>
        {error && (
          <p role="alert" className="mt-1 text-xs font-semibold text-red-700">
            {error}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={onCancel}
        aria-label={cancelLabel}
        title={`${cancelLabel} (Esc)`}
        className="rounded-md p-1 text-steel-500 hover:bg-white hover:text-steel-900"
      >
        <X aria-hidden="true" size={16} />
      </button>
    </div>
  );
}
