import type { ChatUser } from "../../../../shared/chat.ts";
import type { ChatGroup } from "../../../../shared/chat-groups.ts";

/** One line of a member picker. */
export interface PickerPerson {
  username: string;
  name: string;
  /** Shown after the name, e.g. "Group admin". */
  note?: string;
  /** Always checked and cannot be changed (the group's creator stays a member). */
  locked?: boolean;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Names for everyone who may appear in a group's pickers, once each: me, the colleagues, and members
 * no longer in the list (under their username). "(you)" follows my name; the creator is "Group admin".
 */
export function groupPeople(
  group: Pick<ChatGroup, "createdBy" | "members">,
  me: string,
  users: readonly Pick<ChatUser, "username" | "name">[],
): PickerPerson[] {
  const people: PickerPerson[] = [];
  const known = new Set<string>();
  const add = (username: string, name: string) => {
    if (known.has(username.toLowerCase())) return;
    known.add(username.toLowerCase());
    people.push({
      username,
      name: same(username, me) ? `${name} (you)` : name,
      note: same(username, group.createdBy) ? "Group admin" : undefined,
    });
  };
  add(me, me);
  for (const user of users) add(user.username, user.name || user.username);
  for (const member of group.members) add(member, member);
  return people;
}

/** The choices of Edit Members: everyone, the creator locked in. */
export const memberChoices = (group: Pick<ChatGroup, "createdBy">, people: readonly PickerPerson[]): PickerPerson[] =>
  people.map((person) => (same(person.username, group.createdBy) ? { ...person, locked: true } : person));

/** The choices of allowed senders: the members but the creator, who can always send. */
export function senderChoices(
  group: Pick<ChatGroup, "createdBy" | "members">,
  people: readonly PickerPerson[],
): PickerPerson[] {
  const members = new Set(group.members.map((member) => member.toLowerCase()));
  return people.filter(
    (person) => members.has(person.username.toLowerCase()) && !same(person.username, group.createdBy),
  );
}
