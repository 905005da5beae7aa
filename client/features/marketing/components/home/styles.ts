/** Shared class lists for the home page blocks, so every block has the same rhythm and buttons. */
export const container = "mx-auto w-full max-w-7xl px-4 sm:px-6";
export const sectionY = "py-16 sm:py-20 lg:py-24";

const buttonBase =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2.5 text-sm font-semibold transition-colors sm:text-base";

/** Safety-orange call to action; dark text keeps AA contrast on the orange. */
export const primaryButton = `${buttonBase} bg-accent-500 text-steel-950 shadow-sm hover:bg-accent-400`;
/** Secondary action on a dark background. */
export const outlineOnDarkButton = `${buttonBase} border border-white/40 text-white hover:border-white hover:bg-white/10`;
/** Secondary action on a light background. */
export const outlineButton = `${buttonBase} border border-steel-300 bg-white text-steel-900 hover:border-steel-500 hover:bg-steel-50`;
/** Primary action on a light background where orange would compete with the accent details. */
export const darkButton = `${buttonBase} bg-steel-900 text-white hover:bg-steel-700`;

/** Faint drafting-grid lines for the dark blocks (decoration only). */
export const blueprintGrid = {
  backgroundImage:
    "linear-gradient(rgb(255 255 255 / 0.035) 1px, transparent 1px), linear-gradient(90deg, rgb(255 255 255 / 0.035) 1px, transparent 1px)",
  backgroundSize: "40px 40px",
} as const;
