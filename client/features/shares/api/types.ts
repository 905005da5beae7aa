// The shares' API contract comes from the shared zod schemas the server is built from.
export type {
  CreatedFileRequest,
  CreateFileRequest,
  FileRequest,
  ReceivedFile,
} from "../../../../shared/file-requests.ts";
export type { SharedFile, UpdateShare } from "../../../../shared/files.ts";
