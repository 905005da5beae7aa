/** The admin dashboard's exact texts about shared files (SPEC §8). */
export const shareMessages = {
  uploaded: "File uploaded successfully!",
  uploadFailed: "File upload failed.",
} as const;
