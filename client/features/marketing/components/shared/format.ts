/** Fills `{name}` placeholders in a content string. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/** Picks the `one` or `other` form of a counted phrase from content and fills in `{count}`. */
export function countLabel(forms: { one: string; other: string }, count: number): string {
  return fill(count === 1 ? forms.one : forms.other, { count });
}
