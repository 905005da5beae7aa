import { Columns3, GalleryHorizontal, LayoutGrid, type LucideIcon, Rows3, SquareStack } from "lucide-react";
import { GALLERY_LAYOUTS, type GalleryLayout } from "./gallery-types.ts";

const icons: Record<GalleryLayout, LucideIcon> = {
  grid: LayoutGrid,
  masonry: Columns3,
  card: SquareStack,
  flexbox: Rows3,
  carousel: GalleryHorizontal,
};

export interface LayoutSwitcherProps {
  label: string;
  names: Record<GalleryLayout, string>;
  value: GalleryLayout;
  onChange: (layout: GalleryLayout) => void;
}

/** A labelled group of toggle buttons; exactly one is pressed. */
export function LayoutSwitcher({ label, names, value, onChange }: LayoutSwitcherProps) {
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{label}</legend>
      <div className="grid w-full grid-cols-5 gap-1 rounded-xl border border-steel-200 bg-steel-50 p-1 sm:inline-flex sm:w-auto">
        {GALLERY_LAYOUTS.map((layout) => {
          const Icon = icons[layout];
          const pressed = layout === value;
          return (
            <button
              key={layout}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange(layout)}
              className={`flex min-h-11 flex-col items-center justify-center gap-1 rounded-lg px-1 py-1.5 text-xs font-semibold transition-colors sm:flex-row sm:gap-2 sm:px-4 sm:text-sm ${
                pressed ? "bg-steel-900 text-white shadow-sm" : "text-steel-700 hover:bg-white hover:text-steel-950"
              }`}
            >
              <Icon aria-hidden="true" size={18} />
              {names[layout]}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
