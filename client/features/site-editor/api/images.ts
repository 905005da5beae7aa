import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { type SiteImage, type SiteImageChange, siteImagePaths } from "../../../../shared/site-images.ts";
import { siteKeys } from "./paths.ts";

const imagesQuery = {
  queryKey: siteKeys.images,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiFetch<{ images: SiteImage[] }>(siteImagePaths.images, { signal }),
};

/** GET /api/admin/site/images: the uploaded pictures, newest first. */
export function useSiteImages() {
  return useQuery({ ...imagesQuery, select: (answer) => answer.images });
}

/** The picture as the server has it now (after a 409), read again: the list is refreshed with it. */
export function useReadImageAgain() {
  const queryClient = useQueryClient();
  return async (id: string) =>
    (await queryClient.fetchQuery({ ...imagesQuery, staleTime: 0 })).images.find((image) => image.id === id);
}

const remember = (queryClient: ReturnType<typeof useQueryClient>, image: SiteImage) => {
  queryClient.setQueryData<{ images: SiteImage[] }>(siteKeys.images, (answer) =>
    answer ? { images: [image, ...answer.images.filter((known) => known.id !== image.id)] } : { images: [image] },
  );
  void queryClient.invalidateQueries({ queryKey: siteKeys.images });
};

/** POST /api/admin/site/images: one picture, made into the site's sizes around the middle until a focal point is chosen. */
export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return apiFetch<SiteImage>(siteImagePaths.images, { method: "POST", body: form });
    },
    onSuccess: (image) => remember(queryClient, image),
  });
}

/** PATCH …/images/{id}: alt text, decorative, focal point; the items showing it then wait to be published. */
export function useChangeImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SiteImageChange }) =>
      apiFetch<SiteImage>(siteImagePaths.image(id), { method: "PATCH", body: change }),
    onSuccess: (image) => {
      remember(queryClient, image);
      void queryClient.invalidateQueries({ queryKey: siteKeys.content });
    },
  });
}
