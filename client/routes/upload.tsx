import { useSyncExternalStore } from "react";
import { FileRequestPage } from "~/features/file-request/components/file-request-page";
import type { Route } from "./+types/upload";

export const meta = () => [{ title: "Send us files | Northbeam" }, { name: "robots", content: "noindex" }];

const subscribeNever = () => () => {};

/**
 * A client's file-request link (DESIGN §12). Not prerendered: the server answers /upload/{token} with
 * the SPA fallback and the page renders in the browser only (it uploads with browser APIs).
 */
export default function UploadRoute({ params }: Route.ComponentProps) {
  const mounted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  if (!mounted) return <div className="min-h-screen bg-steel-50" aria-busy="true" />;
  return <FileRequestPage token={params.token} />;
}
