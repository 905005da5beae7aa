import { useSyncExternalStore } from "react";
import { RfiPage } from "~/features/rfi/components/rfi-page";
import type { Route } from "./+types/rfi";

export const meta = () => [{ title: "Request for information | Northbeam" }, { name: "robots", content: "noindex" }];

const subscribeNever = () => () => {};

/**
 * The answer page of an RFI (DESIGN §16). Not prerendered: the server answers /rfi/{token} with the
 * SPA fallback (and the link's status) and the page renders in the browser only.
 */
export default function RfiRoute({ params }: Route.ComponentProps) {
  const mounted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  if (!mounted) return <div className="min-h-screen bg-steel-50" aria-busy="true" />;
  return <RfiPage token={params.token} />;
}
