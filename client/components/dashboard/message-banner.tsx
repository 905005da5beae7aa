import { CheckCircle2, CircleAlert, X } from "lucide-react";
import { cx } from "../ui/cx.ts";
import { bannerTone } from "./banner-tone.ts";

/** The admin message banner: green when the text contains 'success', otherwise red (SPEC §8). */
export function MessageBanner({
  message,
  onDismiss,
  className,
}: {
  message: string | null;
  onDismiss?: () => void;
  className?: string;
}) {
  if (!message) return null;
  const success = bannerTone(message) === "success";
  const Icon = success ? CheckCircle2 : CircleAlert;
  return (
    <div
      role={success ? "status" : "alert"}
      data-tone={success ? "success" : "error"}
      className={cx(
        "flex items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm font-medium",
        success ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-200 bg-red-50 text-red-900",
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        size={18}
        className={cx("mt-px shrink-0", success ? "text-emerald-700" : "text-red-700")}
      />
      <p className="min-w-0 flex-1 break-words">{message}</p>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss message"
          className={cx(
            "-m-1 shrink-0 rounded p-1",
            success ? "text-emerald-800 hover:bg-emerald-100" : "text-red-800 hover:bg-red-100",
          )}
        >
          <X aria-hidden="true" size={16} />
        </button>
      )}
    </div>
  );
}
