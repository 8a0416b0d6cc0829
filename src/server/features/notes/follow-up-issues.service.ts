import type { CreateIssueRequest, FollowUpParams, NewIssueForm } from '../../../shared/api/issues';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Actor } from '../../auth/permissions';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { IssuesService } from '../issues/issues.service';
import { followUpDescription, followUpTitle, type QuotedThread } from './follow-up-issue-text';
import type { Noteable } from './noteables';
import type { DiscussionRecord, NotesService } from './notes.service';
import type { SystemNotesService } from './system-notes.service';
import { continuedInIssueText } from './system-note-texts';

type Deps = {
  config: Pick<Config, 'externalUrl'>;
  notes: Pick<NotesService, 'load' | 'discussion' | 'unresolvedDiscussions' | 'resolveDiscussion'>;
  issues: Pick<IssuesService, 'create'>;
  systemNotes: Pick<SystemNotesService, 'record'>;
};

/** The merge request and the threads an issue takes over, as the actor sees them. */
type Takeover = { mergeRequest: Noteable; threads: DiscussionRecord[]; resolves: NewIssueForm['resolves'] };

/** What GitLab's ResolveDiscussions ignores: a merge request or thread the actor cannot see. */
const absent = (error: unknown): null => {
  if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) return null;
  throw error;
};

const waitsToBeResolved = (thread: DiscussionRecord) =>
  thread.notes.some((r) => r.note.resolvable && r.note.resolvedAt === null);

/**
 * "Create issue to resolve thread": an issue that takes over one thread of a merge request (or
 * every unresolved one), quoting them, and resolves them once it exists, with GitLab's note
 * "created #iid to continue this discussion" in each.
 */
export function createFollowUpIssuesService({ config, notes, issues, systemNotes }: Deps) {
  async function takeover(
    actor: Actor,
    projectRef: number | string,
    params: FollowUpParams,
  ): Promise<Takeover | null> {
    const iid = params.merge_request_to_resolve_discussions_of;
    if (iid === undefined) return null;
    const mergeRequest = await notes.load(actor, 'MergeRequest', projectRef, iid).catch(absent);
    if (!mergeRequest) return null;
    const id = params.discussion_to_resolve;
    if (id === undefined)
      return {
        mergeRequest,
        threads: await notes.unresolvedDiscussions(actor, mergeRequest),
        resolves: 'all_threads',
      };
    const thread = await notes.discussion(actor, mergeRequest, id).catch(absent);
    const resolvable = thread !== null && thread.notes.some((r) => r.note.resolvable);
    return { mergeRequest, threads: resolvable ? [thread] : [], resolves: 'thread' };
  }

  function quote(mergeRequest: Noteable, thread: DiscussionRecord): QuotedThread {
    const [first] = thread.notes;
    const quoted = thread.notes.find((r) => r.note.resolvable && r.note.resolvedAt === null) ?? first;
    if (!quoted) throw new Error(`discussion ${thread.id} has no notes`);
    return {
      authorUsername: quoted.author?.username ?? null,
      note: quoted.note.note,
      url: `${config.externalUrl}${mergeRequest.path}#note_${quoted.note.id}`,
      startsThread: quoted === first,
      otherNotes: thread.notes.length - 1,
    };
  }

  function formOf({ mergeRequest, threads, resolves }: Takeover): NewIssueForm {
    const reference = `!${mergeRequest.iid}`;
    return {
      title: followUpTitle(mergeRequest.title),
      description: followUpDescription(
        reference,
        threads.map((thread) => quote(mergeRequest, thread)),
      ),
      // Quoting an internal thread into a public issue would publish it.
      confidential: threads.some((thread) => thread.notes.some((r) => r.note.internal)),
      resolves,
      merge_request_reference: reference,
      merge_request_path: mergeRequest.path,
    };
  }

  /** The new-issue form's start; null when the merge request is not one the actor may read. */
  async function build(actor: Actor, projectRef: number | string, params: FollowUpParams) {
    const found = await takeover(actor, projectRef, params);
    return found && formOf(found);
  }

  /**
   * Creates the issue (the quoted threads fill what the request leaves out), then resolves the
   * threads the actor may resolve, as GitLab does after the issue exists.
   */
  async function create(actor: CurrentUser, projectRef: number | string, request: CreateIssueRequest) {
    const found = await takeover(actor, projectRef, request);
    const form = found && formOf(found);
    const created = await issues.create(actor, projectRef, {
      ...request,
      description: request.description ?? form?.description,
      confidential: request.confidential ?? (request.description === undefined && form?.confidential),
    });
    if (found) await resolveWith(actor, found, created.record.issue.iid);
    return created;
  }

  async function resolveWith(actor: CurrentUser, { mergeRequest, threads }: Takeover, issueIid: number) {
    if (!can(actor, 'resolve_note', mergeRequest.facts)) return;
    for (const thread of threads.filter(waitsToBeResolved)) {
      await notes.resolveDiscussion(actor, mergeRequest, thread.id, true);
      await systemNotes.record({
        projectId: mergeRequest.ctx.project.id,
        noteableType: 'MergeRequest',
        noteableId: mergeRequest.noteableId,
        authorId: actor.id,
        action: 'discussion',
        body: continuedInIssueText(issueIid),
        thread: { discussionId: thread.id, internal: thread.notes[0]?.note.internal ?? false },
      });
    }
  }

  return { build, create };
}

export type FollowUpIssuesService = ReturnType<typeof createFollowUpIssuesService>;
