import { parseQuickActions, type QuickActionNoteableType } from '../quick-actions/quickActions';

/** GitLab's words for the system note that stands for a note's commands while it is saved. */
export const APPLYING_COMMAND = 'Applying command';
export const APPLYING_MULTIPLE_COMMANDS = 'Applying multiple commands';

/**
 * Spec 001 sections 2.10 and 4: what stands in the list while a note is saved. `body` is the text
 * without its quick actions (null when the note is only commands, which adds no body); `systemNote`
 * the words of the italic system placeholder when it has commands.
 */
export type PlaceholderNotes = { body: string | null; systemNote: string | null };

export function placeholderNotes(text: string, noteableType: QuickActionNoteableType): PlaceholderNotes {
  const { commands, body } = parseQuickActions(text, noteableType);
  const systemNote =
    commands.length === 0 ? null : commands.length === 1 ? APPLYING_COMMAND : APPLYING_MULTIPLE_COMMANDS;
  return { body: body === '' ? null : body, systemNote };
}
