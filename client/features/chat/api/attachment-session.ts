import { apiFetch } from "~/lib/api-client";
import { chatPaths } from "../../../../shared/chat.ts";

/**
 * POST /api/chat/attachment-session (204): the server sets an http-only cookie that lets `<img>`
 * previews and download links read chat attachments, which cannot carry the bearer token.
 */
export const openAttachmentSession = () => apiFetch<void>(chatPaths.attachmentSession, { method: "POST" });

/** DELETE /api/chat/attachment-session: forgets the cookie on logout (works without a token). */
export const closeAttachmentSession = () =>
  fetch(chatPaths.attachmentSession, { method: "DELETE", credentials: "include", keepalive: true }).then(
    () => undefined,
    () => undefined,
  );
