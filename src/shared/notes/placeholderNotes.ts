import {
  parseQuickActions,
  type QuickActionNoteableType,
  type QuickCommand,
} from '../quick-actions/quickActions';

/**
 * GitLab's words for the system note that stands for a note's commands while it is saved: one
 * command is named by what it does ("Applying command to close this issue").
 */
export const APPLYING_COMMAND = 'Applying command';
export const APPLYING_MULTIPLE_COMMANDS = 'Applying multiple commands';

const NOTEABLE_WORDS: Record<QuickActionNoteableType, string> = {
  Issue: 'issue',
  MergeRequest: 'merge request',
};

/** What one command does, in GitLab's words for it, lower case as they follow "to". */
function commandDescription(command: QuickCommand, noteableType: QuickActionNoteableType): string | null {
  const noteable = NOTEABLE_WORDS[noteableType];
  switch (command.name) {
    case 'close':
      return `close this ${noteable}`;
    case 'reopen':
      return `reopen this ${noteable}`;
    case 'draft':
      return 'set the draft status';
    case 'ready':
      return 'set the ready status';
    case 'assign':
      return 'assign';
    case 'unassign':
      return 'remove all or specific assignees';
    case 'assign_reviewer':
      return 'assign reviewers';
    case 'request_review':
      return 'request a review';
    case 'unassign_reviewer':
      return 'remove all or specific reviewers';
    case 'reassign_reviewer':
      return 'change reviewers';
    case 'award':
      return 'add emoji reaction';
    case 'spend':
      return 'add or subtract spent time';
    case 'estimate':
      return 'set time estimate';
    case 'approve':
      return 'approve a merge request';
    case 'unapprove':
      return 'unapprove a merge request';
    case 'merge':
      return 'merge';
    case 'lock':
      return 'lock the discussion';
    case 'unlock':
      return 'unlock the discussion';
    case 'label':
      return 'add labels';
    case 'unlabel':
      return 'remove all or specific labels';
    case 'relabel':
      return 'replace all labels';
    case 'invalid':
      return null;
  }
}

function applyingText(commands: QuickCommand[], noteableType: QuickActionNoteableType): string | null {
  if (commands.length === 0) return null;
  if (commands.length > 1) return APPLYING_MULTIPLE_COMMANDS;
  const description = commandDescription(commands[0]!, noteableType);
  return description ? `${APPLYING_COMMAND} to ${description}` : APPLYING_COMMAND;
}

/**
 * Spec 001 sections 2.10 and 4: what stands in the list while a note is saved. `body` is the text
 * without its quick actions (null when the note is only commands, which adds no body); `systemNote`
 * the words of the italic system placeholder when it has commands.
 */
export type PlaceholderNotes = { body: string | null; systemNote: string | null };

export function placeholderNotes(text: string, noteableType: QuickActionNoteableType): PlaceholderNotes {
  const { commands, body } = parseQuickActions(text, noteableType);
  return { body: body === '' ? null : body, systemNote: applyingText(commands, noteableType) };
}
