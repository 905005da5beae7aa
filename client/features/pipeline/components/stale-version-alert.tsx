import { RefreshCw } from "lucide-react";
import { Button } from "~/components/ui/button";

/**
 * Someone else saved this item since it was opened here (409 on its version): nothing was
 * overwritten; the admin reloads to see their change before saving again.
 */
export function StaleVersionAlert({
  message,
  reloading,
  onReload,
}: {
  message: string;
  reloading: boolean;
  onReload: () => void;
}) {
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-semibold text-amber-950">{message}</p>
      <Button variant="secondary" size="sm" loading={reloading} onClick={onReload}>
        {!reloading && <RefreshCw aria-hidden="true" size={14} />}
        Reload
      </Button>
    </div>
  );
}
