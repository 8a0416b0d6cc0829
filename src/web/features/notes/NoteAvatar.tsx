import { Avatar } from '@primer/react';
import type { NoteAuthor } from '../../../shared/api/notes';

/** An author's picture, or their initial when they have none (or a grey circle for a deleted user). */
export function NoteAvatar({
  author,
  size,
}: {
  author: Pick<NoteAuthor, 'name' | 'avatar_url'> | null;
  size: number;
}) {
  if (author?.avatar_url) return <Avatar src={author.avatar_url} size={size} alt="" />;
  const initial = author?.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      className="note-avatar"
      style={{ width: size, height: size, fontSize: size / 2.2 }}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}
