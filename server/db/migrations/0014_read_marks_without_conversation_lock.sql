ALTER TABLE "chat_read_marks" DROP CONSTRAINT "chat_read_marks_conversation_id_chat_conversations_id_fk";
--> statement-breakpoint
-- Decision 035: the foreign key's FOR KEY SHARE on the conversation row (which every message updates)
-- stalled the message path; the marks of a deleted conversation (a group deleted, with its cascade)
-- are deleted by this trigger instead.
CREATE FUNCTION chat_read_marks_forget_conversations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM chat_read_marks r USING gone g WHERE r.conversation_id = g.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER chat_conversations_forget_read_marks AFTER DELETE ON chat_conversations
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION chat_read_marks_forget_conversations();
