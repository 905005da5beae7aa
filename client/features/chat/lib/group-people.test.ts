import { describe, expect, it } from "vitest";
import { groupPeople, memberChoices, senderChoices } from "./group-people.ts";

const group = { createdBy: "Carol", members: ["carol", "bob", "gone.user"] };
const users = [
  { username: "bob", name: "Bob Smith" },
  { username: "carol", name: "Carol King" },
  { username: "dave", name: "" },
  { username: "ME", name: "Me Myself" },
];

describe("groupPeople", () => {
  it("lists me first, then colleagues, then members no longer known, each once", () => {
    expect(groupPeople(group, "me", users)).toEqual([
      { username: "me", name: "me (you)", note: undefined },
      { username: "bob", name: "Bob Smith", note: undefined },
      { username: "carol", name: "Carol King", note: "Group admin" },
      { username: "dave", name: "dave", note: undefined },
      { username: "gone.user", name: "gone.user", note: undefined },
    ]);
  });
});

describe("the pickers' choices", () => {
  const people = groupPeople(group, "me", users);

  it("locks the creator in among the members", () => {
    const choices = memberChoices(group, people);
    expect(choices.filter((person) => person.locked).map((person) => person.username)).toEqual(["carol"]);
    expect(choices).toHaveLength(people.length);
  });

  it("offers the members but the creator as allowed senders", () => {
    expect(senderChoices(group, people).map((person) => person.username)).toEqual(["bob", "gone.user"]);
  });
});
