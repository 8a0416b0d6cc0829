import { parseQuickActions } from '../../../shared/quick-actions/quickActions';
import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import { ForbiddenError } from '../../errors';
import type { QuickActionsResult, QuickActionsService } from '../quick-actions/quick-actions.service';
import type { Noteable } from './noteables';
import type { NoteRow } from './notes.repo';
import type { NewNoteInput, NotesService } from './notes.service';

export type NoteWithCommands = { note: NoteRow | null; commands: QuickActionsResult | null };

type Deps = {
  notes: Pick<NotesService, 'create'>;
  quickActions: Pick<QuickActionsService, 'execute'>;
};

/**
 * A note with quick actions (spec 001 section 5): the command lines are taken out, the rest is
 * written as the note (checked first, so a refused note runs no command), then the commands run
 * through their own services. A note that held only commands writes no note.
 */
export function createNoteCommands({ notes, quickActions }: Deps) {
  return async function createWithCommands(
    actor: CurrentUser,
    noteable: Noteable,
    input: NewNoteInput,
    onHookError: (error: unknown) => void,
  ): Promise<NoteWithCommands> {
    const parsed = parseQuickActions(input.body, noteable.noteableType);
    if (parsed.commands.length === 0)
      return { note: (await notes.create(actor, noteable, input)).note, commands: null };
    if (!can(actor, 'create_note', noteable.facts)) throw new ForbiddenError();
    const note =
      parsed.body.trim() === ''
        ? null
        : (await notes.create(actor, noteable, { ...input, body: parsed.body })).note;
    const target = {
      noteableType: noteable.noteableType,
      projectId: noteable.ctx.project.id,
      iid: noteable.iid,
    };
    const commands = await quickActions.execute(actor, target, parsed.commands, onHookError);
    return { note, commands };
  };
}

export type CreateWithCommands = ReturnType<typeof createNoteCommands>;
