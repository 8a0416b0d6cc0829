/** Spec 001 sections 2.2 and 9: the toggle under a thread's first note. */
export const MAX_REPLY_AVATARS = 5;
export const REPLY_AVATAR_SIZE = 24;

type Author = { id: number; name: string; username: string; avatar_url: string | null };
type Reply = { author: Author | null };

export function replyCountText(count: number): string {
  return count === 1 ? '1 reply' : `${count} replies`;
}

export function repliesToggleLabel(expanded: boolean): string {
  return expanded ? 'collapse replies' : 'expand replies';
}

/** "last reply by {name}", or nothing when the last reply's author is gone. */
export function lastReplyText(replies: readonly Reply[]): string | null {
  const author = replies.at(-1)?.author;
  return author ? `last reply by ${author.name}` : null;
}

/** The distinct repliers, in order of their first reply, at most five. */
export function replyAvatars(replies: readonly Reply[]): Author[] {
  const seen = new Map<number, Author>();
  for (const { author } of replies) {
    if (author && !seen.has(author.id)) seen.set(author.id, author);
  }
  return [...seen.values()].slice(0, MAX_REPLY_AVATARS);
}
