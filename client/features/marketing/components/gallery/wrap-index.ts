/** Wraps an index at both ends, like the home carousel (SPEC §4): -1 is the last item, count is the first. */
export const wrapIndex = (index: number, count: number) => ((index % count) + count) % count;
