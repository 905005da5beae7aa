import { Hash } from "lucide-react";
import { cx } from "~/components/ui/cx";
import { avatarColor, initials } from "../lib/avatar.ts";
import { statusLook } from "../lib/presence.ts";

const sizes = {
  sm: "h-8 w-8 text-xs",
  md: "h-10 w-10 text-sm",
  lg: "h-14 w-14 text-lg",
} as const;

const dotSizes = { sm: "h-2.5 w-2.5", md: "h-3 w-3", lg: "h-3.5 w-3.5" } as const;

/** A person's initials on their colour; with `status`, a presence dot (decoration: the text says it). */
export function UserAvatar({
  name,
  seed,
  status,
  size = "md",
  className,
}: {
  name: string;
  seed: string;
  status?: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <span aria-hidden="true" className={cx("relative inline-flex shrink-0", className)}>
      <span
        className={cx(
          "flex items-center justify-center rounded-full font-semibold text-white select-none",
          sizes[size],
          avatarColor(seed),
        )}
      >
        {initials(name)}
      </span>
      {status !== undefined && (
        <span
          className={cx(
            "absolute right-0 bottom-0 rounded-full ring-2 ring-white",
            dotSizes[size],
            statusLook(status).dot,
          )}
        />
      )}
    </span>
  );
}

export function GroupAvatar({
  name,
  size = "md",
  className,
}: {
  name: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        "flex shrink-0 items-center justify-center rounded-xl bg-steel-100 font-semibold text-steel-700 ring-1 ring-steel-200 ring-inset",
        sizes[size],
        className,
      )}
    >
      {name.trim() ? initials(name) : <Hash size={16} />}
    </span>
  );
}

/** The presence as a dot and a word, for headers. */
export function PresenceText({ status, className }: { status: string; className?: string }) {
  const look = statusLook(status);
  return (
    <span className={cx("inline-flex items-center gap-1.5", className)}>
      <span aria-hidden="true" className={cx("h-2 w-2 rounded-full", look.dot)} />
      {look.label}
    </span>
  );
}
