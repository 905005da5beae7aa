import { ShieldAlert } from "lucide-react";

/** The role guard's message (SPEC §6), in the page body. */
export function AccessDenied({ message }: { message: string }) {
  return (
    <main id="main" className="min-h-[60vh] bg-steel-50 px-4 py-16">
      <div className="mx-auto flex max-w-lg items-start gap-3 rounded-xl border border-red-200 bg-white p-6 shadow-sm">
        <ShieldAlert aria-hidden="true" size={22} className="mt-0.5 shrink-0 text-red-700" />
        <p role="alert" className="font-semibold text-steel-900">
          {message}
        </p>
      </div>
    </main>
  );
}
