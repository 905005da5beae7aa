/** One headline number in a dashboard's header (inside a `<dl>`); a dash until it is known. */
export function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-lg border border-steel-200 bg-white px-4 py-2.5 shadow-sm sm:min-w-28">
      <dt className="text-xs font-medium text-steel-500">{label}</dt>
      <dd className="mt-0.5 text-xl font-bold text-steel-950 tabular-nums">{value ?? "–"}</dd>
    </div>
  );
}
