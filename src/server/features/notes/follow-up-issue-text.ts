/**
 * The start of an issue that takes over threads of a merge request, in GitLab's words
 * (Issues::BuildService): a title naming the merge request and a task per thread quoting it.
 */

/** A thread as the issue quotes it: the first note still to resolve (or the first note). */
export type QuotedThread = {
  authorUsername: string | null;
  note: string;
  /** The quoted note's address, `{external url}{merge request}#note_{id}`. */
  url: string;
  /** Whether the quoted note starts the thread ("started") or replies in it ("commented on"). */
  startsThread: boolean;
  /** The thread's other notes. */
  otherNotes: number;
};

export const followUpTitle = (mergeRequestTitle: string): string => `Follow-up from "${mergeRequestTitle}"`;

const plural = (count: number, word: string) => (count === 1 ? word : `${word}s`);

/** Ruby's `String#lines`: every line keeps its newline, a last line without one too. */
const linesOf = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

function item(thread: QuotedThread): string {
  const who = thread.authorUsername === null ? 'A deleted user' : `@${thread.authorUsername}`;
  const action = thread.startsThread ? 'started' : 'commented on';
  const info = [`- [ ] ${who} ${action} a [discussion](${thread.url}): `];
  if (thread.otherNotes > 0) info.push(`(+${thread.otherNotes} ${plural(thread.otherNotes, 'comment')})`);
  const quote = linesOf(thread.note)
    .map((line) => `    > ${line}`)
    .join('');
  return [info.join(' '), quote].join('\n\n');
}

export function followUpDescription(mergeRequestReference: string, threads: QuotedThread[]): string {
  if (threads.length === 0)
    return `There are no unresolved discussions. Review the conversation in ${mergeRequestReference}`;
  const intro =
    `The following ${plural(threads.length, 'discussion')} from ${mergeRequestReference} ` +
    'should be addressed:';
  return [intro, ...threads.map(item)].join('\n\n');
}
