import { describe, expect, it } from "vitest";
import { allEmojis, commonEmojis, emojiName, searchEmojis } from "./emoji.ts";

describe("the picker's emojis", () => {
  it("starts with the office's sixteen, and names each emoji once", () => {
    expect(commonEmojis.map((item) => item.emoji).join(" ")).toBe("👍 ✅ 👀 🙏 🎉 ❤️ 😂 😮 😢 🔥 💯 👏 ⚠️ ❓ 📐 🏗️");
    const emojis = allEmojis.map((item) => item.emoji);
    expect(new Set(emojis).size).toBe(emojis.length);
    expect(allEmojis.length).toBeGreaterThanOrEqual(150);
    expect(allEmojis.every((item) => item.name.trim() !== "")).toBe(true);
  });

  it("finds emojis by the start of any word of their name or keywords, names that start with it first", () => {
    expect(searchEmojis("rul").map((item) => item.emoji)).toEqual(["📐", "📏"]);
    expect(searchEmojis("thumbs").map((item) => item.name)).toEqual(["thumbs up", "thumbs down"]);
    expect(searchEmojis("bolt")[0]?.emoji).toBe("🔩");
    expect(searchEmojis("hard hat").map((item) => item.emoji)).toEqual(["⛑️", "👷"]);
    expect(searchEmojis("THUMBS UP")[0]?.emoji).toBe("👍");
    expect(searchEmojis("   ")).toEqual([]);
    expect(searchEmojis("zzzzqx")).toEqual([]);
    expect(searchEmojis("face", allEmojis, 5)).toHaveLength(5);
  });

  it("names a known emoji for labels", () => {
    expect(emojiName("🔥")).toBe("fire");
    expect(emojiName("🦖")).toBeUndefined();
  });
});
