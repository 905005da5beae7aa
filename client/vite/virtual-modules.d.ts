declare module "virtual:content-images" {
  const images: Record<string, import("./content-images.ts").ContentImage>;
  export default images;
}
