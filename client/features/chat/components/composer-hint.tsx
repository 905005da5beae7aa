/** The keys the composer answers to, under it (wide screens), and that sending waits for the connection. */
export function ComposerHint({
  id,
  inMode,
  editing,
  mentions,
  connected,
}: {
  id: string;
  /** Answering or editing a message. */
  inMode: boolean;
  editing: boolean;
  /** Members can be @mentioned here. */
  mentions: boolean;
  connected: boolean;
}) {
  return (
    <p id={id} className="mt-1.5 hidden px-1 text-[11px] text-steel-500 sm:block">
      {inMode ? (
        <>
          <kbd className="font-sans font-semibold">Enter</kbd> to {editing ? "save" : "send"},{" "}
          <kbd className="font-sans font-semibold">Esc</kbd> to cancel
        </>
      ) : (
        <>
          <kbd className="font-sans font-semibold">Enter</kbd> to send,{" "}
          <kbd className="font-sans font-semibold">Shift + Enter</kbd> for a new line
          {mentions && (
            <>
              , <kbd className="font-sans font-semibold">@</kbd> to mention
            </>
          )}
        </>
      )}
      {!connected && <span className="font-semibold text-amber-800"> · Offline: you can send once reconnected</span>}
    </p>
  );
}
