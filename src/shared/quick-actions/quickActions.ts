import { assertNever } from '../lib/assertNever';
import { canonicalEmojiName } from '../emoji/emoji';
import { formatDuration, parseDuration } from './timeDuration';
import { labelRefsIn, type LabelRef } from '../labels/labels';

export type QuickActionNoteableType = 'Issue' | 'MergeRequest';

/** A command found in a note, with its arguments already understood. */
export type QuickCommand =
  | {
      name: 'close' | 'reopen' | 'draft' | 'ready' | 'approve' | 'unapprove' | 'merge' | 'lock' | 'unlock';
    }
  /** `me` stands for whoever wrote the note; the server resolves it. */
  | { name: 'assign'; usernames: string[] }
  /** No usernames: every assignee goes. */
  | { name: 'unassign'; usernames: string[] }
  /** `/assign_reviewer` adds reviewers; `/request_review` also asks those already reviewing again. */
  | { name: 'assign_reviewer' | 'request_review'; usernames: string[] }
  /** No usernames: every reviewer goes. */
  | { name: 'unassign_reviewer'; usernames: string[] }
  /** Replaces every reviewer. */
  | { name: 'reassign_reviewer'; usernames: string[] }
  | { name: 'award'; emoji: string }
  /** `spentAt` is `YYYY-MM-DD` when given. */
  | { name: 'spend'; seconds: number; spentAt: string | null }
  | { name: 'estimate'; seconds: number }
  /** `/label ~a ~"b c"`, `/relabel ~a` (replaces all), `/unlabel ~a` (no labels: every label goes). */
  | { name: 'label' | 'relabel' | 'unlabel'; refs: LabelRef[] }
  /** A known command whose arguments could not be understood: it is removed and reported. */
  | { name: 'invalid'; command: QuickCommandName };

export type QuickCommandName = Exclude<QuickCommand['name'], 'invalid'>;

export type ParsedQuickActions = {
  commands: QuickCommand[];
  /** The note without its command lines; empty when the note was only commands. */
  body: string;
  /** The command lines as written, in order (what a pending comment shows below its body). */
  lines: string[];
};

/** Which commands each noteable understands; any other `/word` line stays in the body. */
const AVAILABLE: Record<QuickActionNoteableType, ReadonlySet<string>> = {
  Issue: new Set([
    'close',
    'reopen',
    'assign',
    'unassign',
    'award',
    'spend',
    'estimate',
    'lock',
    'unlock',
    'label',
    'unlabel',
    'relabel',
  ]),
  MergeRequest: new Set([
    'close',
    'reopen',
    'draft',
    'ready',
    'assign',
    'unassign',
    'assign_reviewer',
    'request_review',
    'unassign_reviewer',
    'reassign_reviewer',
    'award',
    'spend',
    'estimate',
    'approve',
    'unapprove',
    'merge',
    'lock',
    'unlock',
    'label',
    'unlabel',
    'relabel',
  ]),
};

const COMMAND_LINE = /^\/([a-z_]+)(?:[ \t]+(.*))?$/;
const FENCE = /^\s*(`{3,}|~{3,})/;
const USERNAME = /^@?([A-Za-z0-9_.][A-Za-z0-9_.-]*)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function usernamesOf(args: string): string[] | null {
  const names: string[] = [];
  for (const word of args.split(/[\s,]+/).filter(Boolean)) {
    const match = USERNAME.exec(word);
    if (!match?.[1]) return null;
    names.push(match[1]);
  }
  return names;
}

function spendOf(args: string): QuickCommand | null {
  const words = args.split(/\s+/).filter(Boolean);
  const last = words.at(-1);
  const spentAt = last && DATE.test(last) ? last : null;
  const seconds = parseDuration((spentAt ? words.slice(0, -1) : words).join(' '));
  if (seconds === null || seconds === 0) return null;
  return { name: 'spend', seconds, spentAt };
}

/** The command a line names with its arguments understood, or null when they are not. */
function commandOf(name: QuickCommandName, args: string): QuickCommand | null {
  switch (name) {
    case 'close':
    case 'reopen':
    case 'draft':
    case 'ready':
    case 'approve':
    case 'unapprove':
    case 'merge':
    case 'lock':
    case 'unlock':
      return { name };
    case 'assign':
    case 'assign_reviewer':
    case 'request_review':
    case 'reassign_reviewer': {
      const usernames = usernamesOf(args);
      return usernames && usernames.length > 0 ? { name, usernames } : null;
    }
    case 'unassign':
    case 'unassign_reviewer': {
      const usernames = usernamesOf(args);
      return usernames ? { name, usernames } : null;
    }
    case 'award': {
      const emoji = canonicalEmojiName(args.trim().replace(/^:(.*):$/, '$1'));
      return emoji ? { name, emoji } : null;
    }
    case 'spend':
      return spendOf(args);
    case 'estimate': {
      const seconds = parseDuration(args);
      return seconds !== null && seconds >= 0 ? { name, seconds } : null;
    }
    case 'label':
    case 'relabel':
    case 'unlabel': {
      const refs = labelRefsIn(args);
      return refs.length > 0 || name === 'unlabel' ? { name, refs } : null;
    }
    default:
      return assertNever(name);
  }
}

/**
 * Finds the quick actions of a note: each line that starts with a command the noteable knows
 * (outside code blocks) is taken out of the body. Unknown `/words` are ordinary text.
 */
export function parseQuickActions(note: string, noteableType: QuickActionNoteableType): ParsedQuickActions {
  const available = AVAILABLE[noteableType];
  const commands: QuickCommand[] = [];
  const kept: string[] = [];
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of note.split('\n')) {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch?.[1]) {
      const marker = fenceMatch[1];
      if (fence === null) fence = marker;
      else if (marker.startsWith(fence)) fence = null;
    }
    const match = fence === null ? COMMAND_LINE.exec(line.trimEnd()) : null;
    const name = match?.[1];
    if (!match || !name || !available.has(name)) {
      kept.push(line);
      continue;
    }
    const known = name as QuickCommandName;
    lines.push(line.trimEnd());
    commands.push(commandOf(known, match[2] ?? '') ?? { name: 'invalid', command: known });
  }
  const body = kept.join('\n').trim() === '' ? '' : kept.join('\n').replace(/\n+$/, '');
  return { commands, body, lines };
}

const noun = (type: QuickActionNoteableType) => (type === 'Issue' ? 'issue' : 'merge request');

/** `@a`, `@a and @b`, `@a, @b, and @c`: as Rails' `to_sentence` joins references. */
export function referenceSentence(usernames: readonly string[]): string {
  const refs = usernames.map((name) => `@${name}`);
  if (refs.length <= 2) return refs.join(' and ');
  return `${refs.slice(0, -1).join(', ')}, and ${refs.at(-1)}`;
}

/**
 * GitLab's message for a command that was applied. `usernames` are the users the command
 * actually touched (assign, unassign), since `me` and unknown names are resolved on the server.
 */
export function appliedMessage(
  command: Exclude<QuickCommand, { name: 'invalid' }>,
  noteableType: QuickActionNoteableType,
  usernames: readonly string[] = [],
): string {
  // Label commands name the labels they touched in the same list.
  const names = usernames;
  switch (command.name) {
    case 'close':
      return `Closed this ${noun(noteableType)}.`;
    case 'reopen':
      return `Reopened this ${noun(noteableType)}.`;
    case 'draft':
      return 'Marked this merge request as a draft.';
    case 'ready':
      return 'Marked this merge request as ready.';
    case 'approve':
      return 'Approved the current merge request.';
    case 'unapprove':
      return 'Unapproved the current merge request.';
    case 'merge':
      return 'Merged this merge request.';
    case 'lock':
      return 'Locked the discussion.';
    case 'unlock':
      return 'Unlocked the discussion.';
    case 'assign':
      return `Assigned ${referenceSentence(usernames)}.`;
    case 'unassign':
      return usernames.length === 1
        ? `Removed assignee ${referenceSentence(usernames)}.`
        : `Removed assignees ${referenceSentence(usernames)}.`;
    case 'assign_reviewer':
      return `Assigned ${referenceSentence(usernames)} as ${plural('reviewer', usernames.length)}.`;
    case 'request_review':
      return `Requested a review from ${referenceSentence(usernames)}.`;
    case 'unassign_reviewer':
      return `Removed ${plural('reviewer', usernames.length)} ${referenceSentence(usernames)}.`;
    case 'reassign_reviewer':
      return 'Changed reviewers.';
    case 'award':
      return `Toggled :${command.emoji}: emoji award.`;
    case 'spend':
      return command.seconds > 0
        ? `Added ${formatDuration(command.seconds)} of time spent.`
        : `Subtracted ${formatDuration(command.seconds)} from time spent.`;
    case 'estimate':
      return `Set time estimate to ${formatDuration(command.seconds)}.`;
    case 'label':
      return `Added ${names.map(labelNameReference).join(' ')} ${plural('label', names.length)}.`;
    case 'relabel':
      return `Replaced all labels with ${names.map(labelNameReference).join(' ')} ${plural('label', names.length)}.`;
    case 'unlabel':
      return command.refs.length === 0
        ? 'Removed all labels.'
        : `Removed ${names.map(labelNameReference).join(' ')} ${plural('label', names.length)}.`;
    default:
      return assertNever(command);
  }
}

const plural = (word: string, count: number) => (count === 1 ? word : `${word}s`);

/** A label by name as GitLab writes it in messages: `~bug`, or `~"needs review"` when not one word. */
export const labelNameReference = (name: string): string =>
  /^[\w?&-]+$/.test(name) ? `~${name}` : `~"${name}"`;

/** GitLab's message for a command that could not be applied. */
export const failedMessage = (command: QuickCommandName): string => `Could not apply ${command} command.`;
