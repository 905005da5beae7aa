import type { LucideIcon } from "lucide-react";

/** A calm empty state inside a dashboard card. */
export function EmptyPanel({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text?: string }) {
  return (
    <div className="flex h-full flex-col items-center justify-center rounded-lg border border-dashed border-steel-300 bg-steel-50/60 px-4 py-10 text-center">
      <Icon aria-hidden="true" size={24} className="text-steel-400" />
      <p className="mt-2 font-semibold text-steel-800">{title}</p>
      {text && <p className="mt-1 max-w-sm text-sm text-steel-600">{text}</p>}
    </div>
  );
}
