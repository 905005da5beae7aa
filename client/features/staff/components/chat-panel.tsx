import { MessagesSquare } from "lucide-react";
import { EmptyPanel } from "./empty-panel.tsx";

/**
 * Body of the Internal Chat card of both dashboards. The chat issue replaces it with the chat view;
 * it mounts only while shown, so the chat connection can live and die with it.
 */
export function ChatPanel() {
  return (
    <EmptyPanel icon={MessagesSquare} title="No conversations yet." text="Messages with your colleagues appear here." />
  );
}
