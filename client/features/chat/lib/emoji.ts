/** The reaction picker's emojis: a detailing office's common ones first, then a modest named list to search. */

export interface NamedEmoji {
  emoji: string;
  name: string;
  /** Other words people search for it by. */
  keywords?: string;
}

/** Shown first, in this order: approvals, reviews and the drawing office's own (📐 🏗️). */
export const commonEmojis: readonly NamedEmoji[] = [
  { emoji: "👍", name: "thumbs up", keywords: "yes ok agree like approve +1" },
  { emoji: "✅", name: "check mark", keywords: "done approved complete tick yes" },
  { emoji: "👀", name: "eyes", keywords: "looking review watching see" },
  { emoji: "🙏", name: "folded hands", keywords: "thanks please thank you pray" },
  { emoji: "🎉", name: "party popper", keywords: "celebrate congratulations tada hooray" },
  { emoji: "❤️", name: "red heart", keywords: "love like" },
  { emoji: "😂", name: "face with tears of joy", keywords: "laugh lol funny" },
  { emoji: "😮", name: "face with open mouth", keywords: "wow surprised" },
  { emoji: "😢", name: "crying face", keywords: "sad tear" },
  { emoji: "🔥", name: "fire", keywords: "hot urgent lit" },
  { emoji: "💯", name: "hundred points", keywords: "100 perfect score" },
  { emoji: "👏", name: "clapping hands", keywords: "applause bravo well done" },
  { emoji: "⚠️", name: "warning", keywords: "caution careful issue alert" },
  { emoji: "❓", name: "question mark", keywords: "question unclear ask" },
  { emoji: "📐", name: "triangular ruler", keywords: "drawing design detail angle" },
  { emoji: "🏗️", name: "building construction", keywords: "crane site steel erection" },
];

const more: readonly NamedEmoji[] = [
  { emoji: "😀", name: "grinning face", keywords: "smile happy" },
  { emoji: "😃", name: "grinning face with big eyes", keywords: "smile happy" },
  { emoji: "😄", name: "grinning face with smiling eyes", keywords: "smile happy laugh" },
  { emoji: "😁", name: "beaming face", keywords: "grin smile" },
  { emoji: "😅", name: "grinning face with sweat", keywords: "phew relief nervous" },
  { emoji: "🤣", name: "rolling on the floor laughing", keywords: "lol rofl funny" },
  { emoji: "🙂", name: "slightly smiling face", keywords: "smile" },
  { emoji: "🙃", name: "upside-down face", keywords: "silly sarcasm" },
  { emoji: "😉", name: "winking face", keywords: "wink" },
  { emoji: "😊", name: "smiling face with smiling eyes", keywords: "blush happy" },
  { emoji: "😇", name: "smiling face with halo", keywords: "angel innocent" },
  { emoji: "🥰", name: "smiling face with hearts", keywords: "love" },
  { emoji: "😍", name: "heart eyes", keywords: "love" },
  { emoji: "🤩", name: "star-struck", keywords: "wow amazing" },
  { emoji: "😘", name: "face blowing a kiss", keywords: "kiss" },
  { emoji: "😋", name: "face savoring food", keywords: "yum tasty lunch" },
  { emoji: "😛", name: "face with tongue", keywords: "tongue silly" },
  { emoji: "🤔", name: "thinking face", keywords: "hmm think consider" },
  { emoji: "🤨", name: "face with raised eyebrow", keywords: "doubt skeptical" },
  { emoji: "😐", name: "neutral face", keywords: "meh" },
  { emoji: "😑", name: "expressionless face", keywords: "blank" },
  { emoji: "😶", name: "face without mouth", keywords: "speechless" },
  { emoji: "🙄", name: "face with rolling eyes", keywords: "eyeroll" },
  { emoji: "😏", name: "smirking face", keywords: "smirk" },
  { emoji: "😬", name: "grimacing face", keywords: "awkward oops yikes" },
  { emoji: "😌", name: "relieved face", keywords: "relief calm" },
  { emoji: "😔", name: "pensive face", keywords: "sad" },
  { emoji: "😪", name: "sleepy face", keywords: "tired" },
  { emoji: "😴", name: "sleeping face", keywords: "sleep zzz tired" },
  { emoji: "😷", name: "face with medical mask", keywords: "sick ill" },
  { emoji: "🤒", name: "face with thermometer", keywords: "sick ill fever" },
  { emoji: "🤯", name: "exploding head", keywords: "mind blown shocked" },
  { emoji: "🥳", name: "partying face", keywords: "party celebrate birthday" },
  { emoji: "😎", name: "smiling face with sunglasses", keywords: "cool" },
  { emoji: "🤓", name: "nerd face", keywords: "geek" },
  { emoji: "😕", name: "confused face", keywords: "unsure" },
  { emoji: "😟", name: "worried face", keywords: "concern" },
  { emoji: "🙁", name: "slightly frowning face", keywords: "sad" },
  { emoji: "😯", name: "hushed face", keywords: "surprised" },
  { emoji: "😲", name: "astonished face", keywords: "shocked wow" },
  { emoji: "😳", name: "flushed face", keywords: "embarrassed" },
  { emoji: "🥺", name: "pleading face", keywords: "please puppy eyes" },
  { emoji: "😭", name: "loudly crying face", keywords: "sob sad" },
  { emoji: "😱", name: "face screaming in fear", keywords: "scream shock horror" },
  { emoji: "😖", name: "confounded face", keywords: "frustrated" },
  { emoji: "😩", name: "weary face", keywords: "tired" },
  { emoji: "😤", name: "face with steam from nose", keywords: "frustrated annoyed" },
  { emoji: "😡", name: "pouting face", keywords: "angry mad" },
  { emoji: "😠", name: "angry face", keywords: "mad" },
  { emoji: "🤬", name: "face with symbols on mouth", keywords: "swear angry" },
  { emoji: "🤗", name: "hugging face", keywords: "hug" },
  { emoji: "🤭", name: "face with hand over mouth", keywords: "oops giggle" },
  { emoji: "🤫", name: "shushing face", keywords: "quiet secret" },
  { emoji: "🫡", name: "saluting face", keywords: "salute yes sir" },
  { emoji: "🤝", name: "handshake", keywords: "deal agreement" },
  { emoji: "👎", name: "thumbs down", keywords: "no dislike disagree -1" },
  { emoji: "👌", name: "ok hand", keywords: "okay perfect" },
  { emoji: "✌️", name: "victory hand", keywords: "peace" },
  { emoji: "🤞", name: "crossed fingers", keywords: "luck hope" },
  { emoji: "🤙", name: "call me hand", keywords: "phone" },
  { emoji: "👋", name: "waving hand", keywords: "hello hi bye wave" },
  { emoji: "✋", name: "raised hand", keywords: "stop high five" },
  { emoji: "🙌", name: "raising hands", keywords: "hooray celebrate" },
  { emoji: "👐", name: "open hands", keywords: "hug" },
  { emoji: "💪", name: "flexed biceps", keywords: "strong muscle" },
  { emoji: "👉", name: "backhand index pointing right", keywords: "point right" },
  { emoji: "👈", name: "backhand index pointing left", keywords: "point left" },
  { emoji: "👆", name: "backhand index pointing up", keywords: "point up above" },
  { emoji: "👇", name: "backhand index pointing down", keywords: "point down below" },
  { emoji: "☝️", name: "index pointing up", keywords: "one point" },
  { emoji: "✍️", name: "writing hand", keywords: "write note" },
  { emoji: "🧠", name: "brain", keywords: "smart think" },
  { emoji: "💡", name: "light bulb", keywords: "idea" },
  { emoji: "⭐", name: "star", keywords: "favourite favorite" },
  { emoji: "🌟", name: "glowing star", keywords: "shine" },
  { emoji: "✨", name: "sparkles", keywords: "new shiny" },
  { emoji: "⚡", name: "high voltage", keywords: "lightning fast electric" },
  { emoji: "💥", name: "collision", keywords: "boom clash" },
  { emoji: "💬", name: "speech balloon", keywords: "comment talk" },
  { emoji: "💭", name: "thought balloon", keywords: "think" },
  { emoji: "🗨️", name: "left speech bubble", keywords: "comment" },
  { emoji: "❗", name: "exclamation mark", keywords: "important attention" },
  { emoji: "❌", name: "cross mark", keywords: "no wrong rejected cancel" },
  { emoji: "⛔", name: "no entry", keywords: "stop blocked" },
  { emoji: "🚫", name: "prohibited", keywords: "forbidden no" },
  { emoji: "🛑", name: "stop sign", keywords: "halt hold" },
  { emoji: "🚧", name: "construction", keywords: "barrier roadworks in progress wip" },
  { emoji: "🔴", name: "red circle", keywords: "red stop" },
  { emoji: "🟡", name: "yellow circle", keywords: "yellow pending" },
  { emoji: "🟢", name: "green circle", keywords: "green go ok" },
  { emoji: "🔵", name: "blue circle", keywords: "blue" },
  { emoji: "☑️", name: "check box with check", keywords: "done tick" },
  { emoji: "✔️", name: "check mark heavy", keywords: "done tick yes" },
  { emoji: "➕", name: "plus", keywords: "add more" },
  { emoji: "➖", name: "minus", keywords: "remove less" },
  { emoji: "🔁", name: "repeat button", keywords: "again redo revise" },
  { emoji: "🔄", name: "counterclockwise arrows", keywords: "refresh update sync revision" },
  { emoji: "⏳", name: "hourglass", keywords: "waiting pending time" },
  { emoji: "⏰", name: "alarm clock", keywords: "deadline time" },
  { emoji: "📅", name: "calendar", keywords: "date schedule" },
  { emoji: "🗓️", name: "spiral calendar", keywords: "schedule plan" },
  { emoji: "📌", name: "pushpin", keywords: "pin important" },
  { emoji: "📍", name: "round pushpin", keywords: "location site" },
  { emoji: "📎", name: "paperclip", keywords: "attachment" },
  { emoji: "📏", name: "straight ruler", keywords: "measure dimension length" },
  { emoji: "✏️", name: "pencil", keywords: "edit draw markup" },
  { emoji: "🖊️", name: "pen", keywords: "sign write" },
  { emoji: "📝", name: "memo", keywords: "note rfi comments" },
  { emoji: "📄", name: "page facing up", keywords: "document sheet" },
  { emoji: "📑", name: "bookmark tabs", keywords: "documents set" },
  { emoji: "📁", name: "file folder", keywords: "folder files" },
  { emoji: "📂", name: "open file folder", keywords: "folder" },
  { emoji: "🗂️", name: "card index dividers", keywords: "organise files" },
  { emoji: "📊", name: "bar chart", keywords: "report stats" },
  { emoji: "📈", name: "chart increasing", keywords: "up growth progress" },
  { emoji: "📉", name: "chart decreasing", keywords: "down" },
  { emoji: "📋", name: "clipboard", keywords: "checklist list" },
  { emoji: "🔍", name: "magnifying glass", keywords: "search check inspect review" },
  { emoji: "🔎", name: "magnifying glass tilted right", keywords: "search zoom" },
  { emoji: "🔧", name: "wrench", keywords: "tool fix bolt" },
  { emoji: "🔩", name: "nut and bolt", keywords: "bolt connection steel" },
  { emoji: "🔨", name: "hammer", keywords: "tool build" },
  { emoji: "🛠️", name: "hammer and wrench", keywords: "tools fix" },
  { emoji: "⚙️", name: "gear", keywords: "settings cog" },
  { emoji: "🧰", name: "toolbox", keywords: "tools" },
  { emoji: "🪛", name: "screwdriver", keywords: "tool" },
  { emoji: "🧱", name: "brick", keywords: "wall masonry" },
  { emoji: "🏢", name: "office building", keywords: "office tower" },
  { emoji: "🏭", name: "factory", keywords: "fabricator shop plant" },
  { emoji: "🏠", name: "house", keywords: "home" },
  { emoji: "🌉", name: "bridge at night", keywords: "bridge" },
  { emoji: "🚚", name: "delivery truck", keywords: "delivery shipping lorry" },
  { emoji: "🚛", name: "articulated lorry", keywords: "truck delivery" },
  { emoji: "🦺", name: "safety vest", keywords: "ppe safety hi-vis" },
  { emoji: "⛑️", name: "rescue worker helmet", keywords: "hard hat safety" },
  { emoji: "👷", name: "construction worker", keywords: "builder hard hat" },
  { emoji: "💻", name: "laptop", keywords: "computer" },
  { emoji: "🖥️", name: "desktop computer", keywords: "computer monitor" },
  { emoji: "🖨️", name: "printer", keywords: "print plot" },
  { emoji: "📞", name: "telephone receiver", keywords: "call phone" },
  { emoji: "📧", name: "e-mail", keywords: "email mail" },
  { emoji: "📦", name: "package", keywords: "box delivery" },
  { emoji: "💰", name: "money bag", keywords: "money budget cost" },
  { emoji: "☕", name: "hot beverage", keywords: "coffee tea break" },
  { emoji: "🍕", name: "pizza", keywords: "food lunch" },
  { emoji: "🍰", name: "shortcake", keywords: "cake birthday" },
  { emoji: "🎂", name: "birthday cake", keywords: "birthday" },
  { emoji: "🎯", name: "direct hit", keywords: "target goal bullseye" },
  { emoji: "🏆", name: "trophy", keywords: "win award" },
  { emoji: "🥇", name: "first place medal", keywords: "gold winner" },
  { emoji: "🚀", name: "rocket", keywords: "launch ship fast" },
  { emoji: "🌞", name: "sun with face", keywords: "sunny morning" },
  { emoji: "🌧️", name: "cloud with rain", keywords: "rain weather" },
  { emoji: "❄️", name: "snowflake", keywords: "snow cold winter" },
  { emoji: "🧡", name: "orange heart", keywords: "love" },
  { emoji: "💙", name: "blue heart", keywords: "love" },
  { emoji: "💚", name: "green heart", keywords: "love" },
  { emoji: "💔", name: "broken heart", keywords: "sad" },
  { emoji: "🙈", name: "see-no-evil monkey", keywords: "oops embarrassed" },
  { emoji: "🤷", name: "person shrugging", keywords: "shrug dunno whatever" },
  { emoji: "🤦", name: "person facepalming", keywords: "facepalm doh" },
  { emoji: "🙋", name: "person raising hand", keywords: "me volunteer question" },
  { emoji: "🆗", name: "ok button", keywords: "okay" },
  { emoji: "🆕", name: "new button", keywords: "new" },
  { emoji: "🔝", name: "top arrow", keywords: "top" },
];

/** Every emoji of the picker, the common ones first. */
export const allEmojis: readonly NamedEmoji[] = [...commonEmojis, ...more];

/**
 * Emojis whose name or keywords match every word of the query (each word a prefix of one of theirs):
 * names that start with the query first, then names with a word that does, then keywords only. An
 * empty query matches nothing.
 */
export function searchEmojis(query: string, list: readonly NamedEmoji[] = allEmojis, limit = 48): NamedEmoji[] {
  const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const matches: { item: NamedEmoji; rank: number }[] = [];
  for (const item of list) {
    const name = item.name.toLowerCase();
    const nameWords = name.split(/[\s-]+/);
    const haystack = [...nameWords, ...(item.keywords ?? "").toLowerCase().split(/\s+/)];
    if (!words.every((word) => haystack.some((candidate) => candidate.startsWith(word)))) continue;
    const inName = words.every((word) => nameWords.some((candidate) => candidate.startsWith(word)));
    matches.push({ item, rank: name.startsWith(words.join(" ")) ? 0 : inName ? 1 : 2 });
  }
  return matches
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map((entry) => entry.item);
}

/** The name of an emoji the picker knows, for labels ("👍 2 reactions…" reads better as "thumbs up"). */
export function emojiName(emoji: string): string | undefined {
  return allEmojis.find((item) => item.emoji === emoji)?.name;
}
