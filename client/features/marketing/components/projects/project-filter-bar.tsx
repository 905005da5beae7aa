import { ALL, type ProjectFilter } from "./project-filter.ts";

export interface ProjectFilterBarProps {
  label: string;
  allLabel: string;
  categories: readonly string[];
  value: ProjectFilter;
  onChange: (filter: ProjectFilter) => void;
}

/** Toggle buttons, one pressed at a time: All, then each category found in the data. */
export function ProjectFilterBar({ label, allLabel, categories, value, onChange }: ProjectFilterBarProps) {
  const options = [
    { value: ALL, label: allLabel },
    ...categories.map((category) => ({ value: category, label: category })),
  ];
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const pressed = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange(option.value)}
              className={`min-h-10 rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${
                pressed
                  ? "border-steel-900 bg-steel-900 text-white"
                  : "border-steel-300 bg-white text-steel-700 hover:border-steel-500 hover:text-steel-950"
              }`}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
