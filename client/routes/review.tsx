import { useSyncExternalStore } from "react";
import { ReviewPage } from "~/features/review/components/review-page";
import type { Route } from "./+types/review";

export const meta = () => [{ title: "Drawing review | Northbeam" }, { name: "robots", content: "noindex" }];

const subscribeNever = () => () => {};

/**
 * A client's review of a transmittal (DESIGN §16). Not prerendered: the server answers
 * /review/{token} with the SPA fallback (and the link's status) and the page renders in the browser only.
 */
export default function ReviewRoute({ params }: Route.ComponentProps) {
  const mounted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  if (!mounted) return <div className="min-h-screen bg-steel-50" aria-busy="true" />;
  return <ReviewPage token={params.token} />;
}
