import type { NotePosition, Suggestion } from '../../../shared/api/notes';
import {
  inapplicableReason,
  inapplicableReasonText,
  type InapplicableReason,
} from '../../../shared/suggestions/appliable';
import { suggestionCommitMessage } from '../../../shared/suggestions/commitMessage';
import {
  applySuggestionEdits,
  linesOf,
  parseSuggestions,
  suggestionLines,
  type SuggestionEdit,
} from '../../../shared/suggestions/suggestions';
import { can, type Actor } from '../../auth/permissions';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { BranchMovedError, commitFiles } from '../../git/commits';
import { branchRef, resolveCommit } from '../../git/repository';
import { readBlob, readPathEntry, type PathEntry } from '../../git/tree';
import type { GitHttpService } from '../git-http/git-http.service';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { NoteRow, NotesService } from '../notes/notes.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import type { UsersService } from '../users/users.service';
import {
  findSuggestions,
  listSuggestionsOf,
  markApplied,
  replaceSuggestions,
  type SuggestionRow,
} from './suggestions.repo';

/** GitLab's refusals of a batch as a whole. */
export const SUGGESTION_MESSAGES = {
  notApplicable: 'A suggestion is not applicable.',
  sameBranch: 'Suggestions must all be on the same branch.',
  overlap: 'Suggestions are not applicable as their lines cannot overlap.',
  branchMoved: 'The source branch changed while the suggestions were being applied. Try again.',
} as const;

/** Where a suggestion sits: a diff note's position on a line of the new file. */
const lineOf = (note: NoteRow): { path: string; line: number } | null => {
  const position = note.position as NotePosition | null;
  if (note.type !== 'DiffNote' || position?.position_type !== 'text' || !position.new_line) return null;
  return { path: position.new_path, line: position.new_line };
};

/** The merge request a batch of suggestions lands on, read for one actor. */
type Target = {
  ctx: ProjectContext;
  state: 'opened' | 'closed' | 'merged' | 'locked';
  sourceBranch: string;
  /** The source branch's head, null when the branch is gone. */
  head: string | null;
  mayApply: boolean;
};

type Deps = {
  db: Db;
  clock: Clock;
  projects: Pick<ProjectsService, 'gitDirOf'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>;
  mergeRequests: Pick<MergeRequestsService, 'findReadableById'>;
  notes: Pick<NotesService, 'findReadableNote' | 'onDiffNoteWritten'>;
  users: Pick<UsersService, 'getUser'>;
  gitHttp: Pick<GitHttpService, 'announcePush'>;
};

export function createSuggestionsService(deps: Deps) {
  const { db, clock, projects, protectedBranches, mergeRequests, notes, users, gitHttp } = deps;
  // A diff note's suggestions are read again each time its text is written.
  notes.onDiffNoteWritten(syncFromNote);

  async function fileText(
    gitDir: string,
    commit: string,
    path: string,
  ): Promise<{ text: string; entry: PathEntry } | null> {
    const entry = await readPathEntry(gitDir, commit, path);
    if (entry?.type !== 'blob') return null;
    const blob = await readBlob(gitDir, entry.id);
    return blob ? { text: blob.toString('utf8'), entry } : null;
  }

  /**
   * Stores the ```suggestion blocks of a diff note (call after a diff note is created or edited),
   * each with the lines it replaces as they were at the note's head. Other notes have none.
   * A note whose suggestions were applied keeps them: they are history.
   */
  async function syncFromNote(note: NoteRow): Promise<void> {
    const existing = await listSuggestionsOf(db, [note.id]);
    if (existing.some((row) => row.applied)) return;
    const at = lineOf(note);
    const parsed = at ? parseSuggestions(note.note) : [];
    const position = note.position as NotePosition | null;
    const file =
      at && position && parsed.length > 0
        ? await fileText(projects.gitDirOf(note.projectId), position.head_sha, at.path)
        : null;
    const rows = parsed.map((suggestion, index) => {
      const { fromLine, toLine } = suggestionLines(at?.line ?? 1, suggestion);
      const fromContent = file ? linesOf(file.text, fromLine, toLine) : null;
      return {
        noteId: note.id,
        relativeOrder: index,
        fromContent: fromContent ?? '',
        toContent: suggestion.toContent,
        linesAbove: suggestion.linesAbove,
        linesBelow: suggestion.linesBelow,
        // Lines past the end of the file were never there: nothing to apply.
        outdated: fromContent === null,
      };
    });
    await replaceSuggestions(db, note.id, rows);
  }

  async function targetOf(actor: Actor, mergeRequestId: number): Promise<Target> {
    const { ctx, record } = await mergeRequests.findReadableById(actor, mergeRequestId);
    const mr = record.mergeRequest;
    const head = await resolveCommit(ctx.gitDir, branchRef(mr.sourceBranch));
    const protection = await protectedBranches.protectionOf(ctx.project.id, mr.sourceBranch);
    const mayApply = can(actor, 'push_to_branch', {
      ...projectSubject(ctx),
      type: 'branch',
      pushAccessLevel: protection ? protection.pushAccessLevel : null,
    });
    return { ctx, state: mr.state, sourceBranch: mr.sourceBranch, head, mayApply };
  }

  /** Each suggestion with where it sits now and why it cannot be applied, if it cannot. */
  async function assess(target: Target, pairs: Array<{ row: SuggestionRow; note: NoteRow }>) {
    const files = new Map<string, Promise<{ text: string; entry: PathEntry } | null>>();
    const fileAt = (path: string) => {
      if (!target.head) return Promise.resolve(null);
      const cached = files.get(path) ?? fileText(target.ctx.gitDir, target.head, path);
      files.set(path, cached);
      return cached;
    };
    return Promise.all(
      pairs.map(async ({ row, note }) => {
        const at = lineOf(note);
        const { fromLine, toLine } = suggestionLines(at?.line ?? 1, row);
        const file = at ? await fileAt(at.path) : null;
        const reason: InapplicableReason | null = inapplicableReason({
          applied: row.applied,
          mergeRequestState: target.state,
          sourceBranchExists: target.head !== null,
          linesUnchanged:
            !row.outdated && file !== null && linesOf(file.text, fromLine, toLine) === row.fromContent,
          sameContent: row.fromContent === row.toContent,
          mayApply: target.mayApply,
        });
        return { row, note, path: at?.path ?? null, fromLine, toLine, file, reason };
      }),
    );
  }

  const present = (item: Awaited<ReturnType<typeof assess>>[number]): Suggestion => ({
    id: item.row.id,
    from_line: item.fromLine,
    to_line: item.toLine,
    appliable: item.reason === null,
    applied: item.row.applied,
    from_content: item.row.fromContent,
    to_content: item.row.toContent,
    inapplicable_reason: item.reason === null ? null : inapplicableReasonText(item.reason),
  });

  /**
   * The suggestions of a page of notes on one merge request, as the actor may act on them
   * (notes of issues have none).
   */
  async function forNotes(
    actor: Actor,
    noteable: { noteableType: 'Issue' | 'MergeRequest'; noteableId: number },
    noteRows: NoteRow[],
  ): Promise<Map<number, Suggestion[]>> {
    const grouped = new Map<number, Suggestion[]>();
    if (noteable.noteableType !== 'MergeRequest') return grouped;
    const rows = await listSuggestionsOf(
      db,
      noteRows.filter((note) => note.type === 'DiffNote').map((note) => note.id),
    );
    if (rows.length === 0) return grouped;
    const byId = new Map(noteRows.map((note) => [note.id, note]));
    const target = await targetOf(actor, noteable.noteableId);
    const pairs = rows.flatMap((row) => {
      const note = byId.get(row.noteId);
      return note ? [{ row, note }] : [];
    });
    for (const item of await assess(target, pairs)) {
      const list = grouped.get(item.row.noteId) ?? [];
      list.push(present(item));
      grouped.set(item.row.noteId, list);
    }
    return grouped;
  }

  /** The suggestions asked for with their notes, all readable and on one merge request. */
  async function loadBatch(actor: CurrentUser, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await findSuggestions(db, unique);
    if (rows.length !== unique.length) throw new NotFoundError('Suggestion');
    const found = new Map<number, Awaited<ReturnType<NotesService['findReadableNote']>>>();
    for (const noteId of new Set(rows.map((row) => row.noteId)))
      found.set(
        noteId,
        await notes.findReadableNote(actor, noteId).catch(() => {
          throw new NotFoundError('Suggestion');
        }),
      );
    const noteables = new Set(
      [...found.values()].map(({ noteable }) => `${noteable.noteableType}:${noteable.noteableId}`),
    );
    const [first] = found.values();
    if (!first || noteables.size !== 1) throw new BadRequestError(SUGGESTION_MESSAGES.sameBranch);
    if (first.noteable.noteableType !== 'MergeRequest')
      throw new BadRequestError(SUGGESTION_MESSAGES.notApplicable);
    const pairs = rows.map((row) => ({ row, note: (found.get(row.noteId) ?? first).record.note }));
    return { mergeRequestId: first.noteable.noteableId, pairs };
  }

  async function coAuthorsOf(actor: CurrentUser, pairs: Array<{ note: NoteRow }>) {
    const ids = [...new Set(pairs.map(({ note }) => note.authorId))].filter(
      (id): id is number => id !== null && id !== actor.id,
    );
    // A deleted author is no co-author.
    const authors = await Promise.all(ids.map((id) => users.getUser(id).catch(() => null)));
    return authors.flatMap((found) => (found ? [{ name: found.user.name, email: found.user.email }] : []));
  }

  /**
   * Applies one suggestion or a batch as one commit on the source branch, written without a
   * work tree and landed by compare-and-swap on the head the lines were checked against. Any
   * refusal (lines changed, overlap, branch moved) writes nothing. The push goes through the
   * same path as any push, so the merge request gets its new diff version.
   */
  async function apply(
    actor: CurrentUser,
    ids: number[],
    commitMessage: string | undefined,
    onHookError: (error: unknown) => void,
  ): Promise<Suggestion[]> {
    const { mergeRequestId, pairs } = await loadBatch(actor, ids);
    const target = await targetOf(actor, mergeRequestId);
    const assessed = await assess(target, pairs);
    const refused = assessed.find((item) => item.reason !== null);
    if (refused?.reason === 'no_permission')
      throw new ForbiddenError(inapplicableReasonText('no_permission'));
    if (refused?.reason) throw new BadRequestError(inapplicableReasonText(refused.reason));
    const head = target.head;
    if (!head) throw new BadRequestError(inapplicableReasonText('source_branch_deleted'));

    const byPath = new Map<string, { entry: PathEntry; text: string; edits: SuggestionEdit[] }>();
    for (const item of assessed) {
      if (!item.path || !item.file) throw new BadRequestError(SUGGESTION_MESSAGES.notApplicable);
      const group = byPath.get(item.path) ?? { ...item.file, edits: [] };
      group.edits.push({
        fromLine: item.fromLine,
        toLine: item.toLine,
        fromContent: item.row.fromContent,
        toContent: item.row.toContent,
      });
      byPath.set(item.path, group);
    }
    const changes = [...byPath].map(([path, group]) => {
      const result = applySuggestionEdits(group.text, group.edits);
      if (!result.ok)
        throw new BadRequestError(
          result.reason === 'overlap' ? SUGGESTION_MESSAGES.overlap : inapplicableReasonText('outdated'),
        );
      return {
        action: 'update' as const,
        path,
        content: result.content,
        executable: group.entry.mode === '100755',
      };
    });

    const message = suggestionCommitMessage(
      {
        filePaths: [...byPath.keys()],
        suggestionsCount: pairs.length,
        projectPath: target.ctx.fullPath,
        projectName: target.ctx.project.name,
        branchName: target.sourceBranch,
        userFullName: actor.name,
        username: actor.username,
        coAuthors: await coAuthorsOf(actor, pairs),
      },
      commitMessage,
    );
    let sha: string;
    try {
      sha = await commitFiles(target.ctx.gitDir, {
        branch: target.sourceBranch,
        message,
        author: { name: actor.name, email: actor.email, date: clock.now() },
        changes,
        expectedHead: head,
      });
    } catch (error) {
      if (error instanceof BranchMovedError) throw new ConflictError(SUGGESTION_MESSAGES.branchMoved);
      throw error;
    }
    await markApplied(
      db,
      pairs.map(({ row }) => row.id),
      sha,
    );
    await gitHttp.announcePush(
      {
        project: target.ctx,
        actor,
        changes: [{ ref: branchRef(target.sourceBranch), oldSha: head, newSha: sha }],
      },
      onHookError,
    );
    const after = await findSuggestions(
      db,
      pairs.map(({ row }) => row.id),
    );
    const notesById = new Map(pairs.map(({ note }) => [note.id, note]));
    const applied = await assess(
      await targetOf(actor, mergeRequestId),
      after.flatMap((row) => {
        const note = notesById.get(row.noteId);
        return note ? [{ row, note }] : [];
      }),
    );
    return applied.map(present);
  }

  return { syncFromNote, forNotes, apply };
}

export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
