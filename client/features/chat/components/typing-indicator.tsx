import { typingText } from "../lib/typing.ts";

/**
 * "Alice is typing…" under the messages. The live region stays in place so that screen readers hear
 * it come and go; it takes room only while somebody types.
 */
export function TypingIndicator({ names }: { names: readonly string[] }) {
  const text = typingText(names);
  return (
    <div aria-live="polite" className="shrink-0 bg-white">
      {text && (
        <p className="flex items-center gap-2 border-t border-steel-100 px-4 py-1 text-xs text-steel-600">
          <span aria-hidden="true" className="inline-flex gap-0.5">
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                className="h-1.5 w-1.5 animate-bounce rounded-full bg-steel-400 motion-reduce:animate-none"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </span>
          <span className="truncate">{text}</span>
        </p>
      )}
    </div>
  );
}
