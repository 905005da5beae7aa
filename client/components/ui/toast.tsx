import { CheckCircle2, CircleAlert, X } from "lucide-react";
import { Toast } from "radix-ui";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { cx } from "./cx.ts";
import "./toast.css";

export type ToastTone = "success" | "error" | "info";

export interface ToastInput {
  title: string;
  description?: string;
  tone?: ToastTone;
}

interface ToastItem extends Required<Pick<ToastInput, "title" | "tone">> {
  id: number;
  description?: string;
  open: boolean;
}

type ShowToast = (toast: ToastInput) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Shows a short confirmation in the corner (DESIGN §9: a toast confirms every admin action). */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside <Toaster>");
  return show;
}

const toneStyles: Record<ToastTone, { icon: ReactNode; bar: string }> = {
  success: {
    icon: <CheckCircle2 aria-hidden="true" size={18} className="text-emerald-600" />,
    bar: "before:bg-emerald-600",
  },
  error: { icon: <CircleAlert aria-hidden="true" size={18} className="text-red-600" />, bar: "before:bg-red-600" },
  info: { icon: <CheckCircle2 aria-hidden="true" size={18} className="text-steel-600" />, bar: "before:bg-steel-500" },
};

/** Provides useToast() to its children and renders the toasts (Radix Toast: F8 focuses them). */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const show = useCallback<ShowToast>(({ title, description, tone = "success" }) => {
    const id = nextId.current++;
    // Keep the last few only: a burst of actions must not bury the page.
    setToasts((list) => [
      ...list.filter((toast) => toast.open).slice(-2),
      { id, title, description, tone, open: true },
    ]);
  }, []);

  const close = useCallback((id: number) => {
    setToasts((list) => list.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
    // Leave time for the exit animation before dropping it.
    window.setTimeout(() => setToasts((list) => list.filter((toast) => toast.id !== id)), 300);
  }, []);

  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right" duration={5000} label="Notification">
        {children}
        {toasts.map((toast) => (
          <Toast.Root
            key={toast.id}
            open={toast.open}
            onOpenChange={(open) => {
              if (!open) close(toast.id);
            }}
            type={toast.tone === "error" ? "foreground" : "background"}
            className={cx(
              "relative flex items-start gap-3 overflow-hidden rounded-lg border border-steel-200 bg-white py-3 pr-10 pl-4 shadow-lg before:absolute before:inset-y-0 before:left-0 before:w-1",
              toneStyles[toast.tone].bar,
              "data-[state=closed]:animate-[toast-out_150ms_ease-in] data-[state=open]:animate-[toast-in_200ms_ease-out]",
              "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:animate-[toast-out_150ms_ease-in]",
            )}
          >
            <span className="mt-0.5 shrink-0">{toneStyles[toast.tone].icon}</span>
            <div className="min-w-0">
              <Toast.Title className="text-sm font-semibold text-steel-950">{toast.title}</Toast.Title>
              {toast.description && (
                <Toast.Description className="mt-0.5 text-sm break-words text-steel-600">
                  {toast.description}
                </Toast.Description>
              )}
            </div>
            <Toast.Close
              aria-label="Dismiss notification"
              className="absolute top-2 right-2 rounded-md p-1 text-steel-500 hover:bg-steel-100 hover:text-steel-900"
            >
              <X aria-hidden="true" size={16} />
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport
          label="Notifications ({hotkey})"
          className="fixed right-0 bottom-0 z-[60] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:right-2 sm:bottom-2"
        />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}
