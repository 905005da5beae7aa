import { aboutIcons } from "./about-icons.ts";

/** A content-named icon on a tinted square. */
export function IconBadge({ icon, tone = "light" }: { icon: string; tone?: "light" | "dark" }) {
  const Icon = aboutIcons[icon];
  return (
    <span
      aria-hidden="true"
      className={`inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-lg ${
        tone === "dark" ? "bg-accent-500/15 text-accent-400" : "bg-accent-50 text-accent-700"
      }`}
    >
      {Icon ? <Icon size={24} /> : <span className="h-2.5 w-2.5 rounded-sm bg-current" />}
    </span>
  );
}
