import type { FastifyBaseLogger } from 'fastify';
import { parseQuickActions, type QuickCommand } from '../../../shared/quick-actions/quickActions';
import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import { ForbiddenError } from '../../errors';
import type { QuickActionsResult, QuickActionsService } from '../quick-actions/quick-actions.service';
import type { Noteable } from './noteables';
import type { NoteRow } from './notes.repo';
import type { NewNoteInput, NotesService } from './notes.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';

export type NoteWithCommands = { note: NoteRow | null; commands: QuickActionsResult | null };

/** Runs after a quick action when a push hook it set off failed (the command itself stands). */
export type OnHookError = (error: unknown) => void;

/** What a route does with such a failure: log it, as the answer already says what the commands did. */
export const logHookErrors =
  (log: Pick<FastifyBaseLogger, 'error'>): OnHookError =>
  (error) =>
    log.error({ err: error }, 'a push hook failed after a quick action');

type Deps = {
  notes: Pick<NotesService, 'create'>;
  quickActions: Pick<QuickActionsService, 'execute'>;
  rateLimits: Pick<RateLimits, 'check'>;
};

/**
 * Notes with quick actions (spec 001 section 5): the command lines are taken out, the rest is
 * written as the note (checked first, so a refused note runs no command), then the commands run
 * through their own services. A note that held only commands writes no note.
 */
export function createNoteCommands({ notes, quickActions, rateLimits }: Deps) {
  /** Runs commands taken out of a note on its noteable, each with the rights of `actor`. */
  function run(actor: CurrentUser, noteable: Noteable, commands: QuickCommand[], onHookError: OnHookError) {
    const target = {
      noteableType: noteable.noteableType,
      projectId: noteable.ctx.project.id,
      iid: noteable.iid,
    };
    return quickActions.execute(actor, target, commands, onHookError);
  }

  async function createWithCommands(
    actor: CurrentUser,
    noteable: Noteable,
    input: NewNoteInput,
    onHookError: OnHookError,
  ): Promise<NoteWithCommands> {
    // Every comment a user posts counts, one of commands only too (GitLab's notes_create limit).
    await rateLimits.check('notes_create', actor);
    const parsed = parseQuickActions(input.body, noteable.noteableType);
    if (parsed.commands.length === 0)
      return { note: (await notes.create(actor, noteable, input)).note, commands: null };
    if (!can(actor, 'create_note', noteable.facts)) throw new ForbiddenError();
    const note =
      parsed.body.trim() === ''
        ? null
        : (await notes.create(actor, noteable, { ...input, body: parsed.body })).note;
    const commands = await run(actor, noteable, parsed.commands, onHookError);
    return { note, commands };
  }

  return { createWithCommands, run };
}

export type NoteCommands = ReturnType<typeof createNoteCommands>;
