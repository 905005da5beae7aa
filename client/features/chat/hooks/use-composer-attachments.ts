import { useRef, useState } from "react";
import { formatBytes } from "../../../../shared/bytes.ts";
import { chatMessages } from "../../../../shared/chat.ts";
import { isTooLarge } from "../lib/composer.ts";

/** The file attached to the message being written: choosing it, its upload's progress, removing it. */
export function useComposerAttachments() {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const alertTooLarge = (tooBig: File) => window.alert(chatMessages.tooLarge(formatBytes(tooBig.size)));

  return {
    file,
    tooLarge: file !== null && isTooLarge(file),
    /** Percent uploaded while a send runs; null otherwise. */
    progress,
    /** The hidden file input the Attach button opens. */
    input,
    browse: () => input.current?.click(),
    choose(chosen: File | null) {
      setFile(chosen);
      if (chosen && isTooLarge(chosen)) alertTooLarge(chosen);
    },
    clear() {
      setFile(null);
      if (input.current) input.current.value = "";
    },
    /** Says again that the file is over the limit. */
    refuse: () => file && alertTooLarge(file),
    /** Runs `send` with the file (if any), showing its upload's progress meanwhile. */
    async upload<T>(send: (file: File | null, onProgress: (percent: number) => void) => Promise<T>): Promise<T> {
      if (file) setProgress(0);
      try {
        return await send(file, setProgress);
      } finally {
        setProgress(null);
      }
    },
  };
}

export type ComposerAttachments = ReturnType<typeof useComposerAttachments>;
