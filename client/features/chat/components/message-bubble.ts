import { cx } from "~/components/ui/cx";

/** A message's bubble: mine dark on the right, theirs light on the left (a pending one looks like mine). */
export const bubbleClass = (own: boolean) =>
  cx(
    "relative max-w-full rounded-2xl px-3 py-2 text-[15px] leading-snug shadow-sm transition-shadow duration-700 sm:text-sm",
    own ? "rounded-br-md bg-steel-900 text-white" : "rounded-bl-md bg-white text-steel-900 ring-1 ring-steel-200",
  );
