/** Up to two initials: "Jane Doe" → "JD", "jdoe" → "J", "team.steel" → "TS". */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

/** Avatar backgrounds dark enough for white initials (WCAG AA), picked by name so each person keeps one. */
const palette = [
  "bg-steel-700",
  "bg-sky-700",
  "bg-emerald-700",
  "bg-violet-700",
  "bg-rose-700",
  "bg-amber-700",
  "bg-teal-700",
  "bg-indigo-700",
  "bg-fuchsia-700",
  "bg-cyan-800",
] as const;

export function avatarColor(seed: string): string {
  let hash = 0;
  for (let i = 0; i < seed.length; i += 1) hash = (hash * 31 + seed.charCodeAt(i)) | 0;
  return palette[Math.abs(hash) % palette.length]!;
}
