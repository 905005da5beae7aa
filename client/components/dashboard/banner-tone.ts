export type BannerTone = "success" | "error";

/** SPEC §8: the admin message banner is green if its text contains 'success', otherwise red. */
export function bannerTone(text: string): BannerTone {
  return text.includes("success") ? "success" : "error";
}
