/**
 * DESIGN §16 RFIs: a question in writing (AISC 303 §4.6), numbered per project, answered by the
 * person asked at `/rfi/{token}`. An open RFI holds the sheets it names.
 */

/** `open` → `answered` → `closed`, and `void`. */
export const rfiStates = ["open", "answered", "closed", "void"] as const;
export type RfiState = (typeof rfiStates)[number];
