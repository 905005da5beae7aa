import { useCallback, useEffect, useRef, useState } from "react";
import { createResumableUpload, type ResumableUpload, TUS_ENDPOINT } from "~/lib/resumable-upload";
import { uploadFailureText } from "../lib/upload-rules.ts";

export type UploadStatus = "uploading" | "paused" | "failed" | "sent";

export interface UploadRow {
  id: string;
  name: string;
  size: number;
  /** Bytes the server has been sent. */
  sent: number;
  status: UploadStatus;
  /** Where the server picked up an upload this browser had begun before (a reload), else null. */
  resumedAt: number | null;
  error: string | null;
  /** A failed upload that may go on (a dropped connection, a server hiccup), not one the server refused. */
  canRetry: boolean;
}

export interface UseUploadsOptions {
  token: string;
  /** The request's password, once the client has given it (sent as metadata of each upload). */
  password: string | null;
  /** A file has arrived: the page counts it against what may still be sent. */
  onSent: (row: UploadRow) => void;
}

let nextId = 0;

/** Files on their way: one resumable upload each, with pause, resume and remove. */
export function useUploads({ token, password, onSent }: UseUploadsOptions) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const uploads = useRef(new Map<string, ResumableUpload>());
  const sentCallback = useRef(onSent);
  useEffect(() => {
    sentCallback.current = onSent;
  }, [onSent]);

  const update = useCallback((id: string, change: Partial<UploadRow> | ((row: UploadRow) => Partial<UploadRow>)) => {
    setRows((list) =>
      list.map((row) => (row.id === id ? { ...row, ...(typeof change === "function" ? change(row) : change) } : row)),
    );
  }, []);

  // Leaving the page pauses what is still going: coming back and choosing the files again resumes.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const upload of running.values()) void upload.pause();
      running.clear();
    };
  }, []);

  const add = useCallback(
    (file: File) => {
      const id = `upload-${++nextId}`;
      const row: UploadRow = {
        id,
        name: file.name,
        size: file.size,
        sent: 0,
        status: "uploading",
        resumedAt: null,
        error: null,
        canRetry: false,
      };
      setRows((list) => [...list, row]);
      const upload = createResumableUpload({
        endpoint: TUS_ENDPOINT,
        file,
        metadata: {
          token,
          filename: file.name,
          filetype: file.type || "application/octet-stream",
          ...(password ? { password } : {}),
        },
        onProgress: (sent) => update(id, (current) => (current.status === "uploading" ? { sent } : {})),
        onResumed: (offset) => update(id, { resumedAt: offset, sent: offset }),
        onSuccess: () => {
          uploads.current.delete(id);
          update(id, { status: "sent", sent: file.size, error: null });
          sentCallback.current({ ...row, sent: file.size, status: "sent" });
        },
        onError: (error) =>
          update(id, {
            status: "failed",
            error: uploadFailureText(error),
            canRetry: error.status === 0 || error.status >= 500 || error.status === 409 || error.status === 423,
          }),
      });
      uploads.current.set(id, upload);
      void upload.start();
    },
    [token, password, update],
  );

  const pause = useCallback(
    (id: string) => {
      update(id, { status: "paused" });
      void uploads.current.get(id)?.pause();
    },
    [update],
  );

  const resume = useCallback(
    (id: string) => {
      update(id, { status: "uploading", error: null });
      uploads.current.get(id)?.resume();
    },
    [update],
  );

  const remove = useCallback((id: string) => {
    const upload = uploads.current.get(id);
    uploads.current.delete(id);
    // A file not yet complete is dropped on the server too; a sent one stays with the firm.
    void upload?.cancel();
    setRows((list) => list.filter((row) => row.id !== id));
  }, []);

  return { rows, add, pause, resume, remove };
}
