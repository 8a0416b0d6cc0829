import type { QuickCommand } from '../../../shared/quick-actions/quickActions';
import type { CurrentUser } from '../../auth/current-user';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { MergeRequestReviewersService } from '../merge-requests/reviewers.service';

export type ReviewerCommand = Extract<
  QuickCommand,
  { name: 'assign_reviewer' | 'request_review' | 'unassign_reviewer' | 'reassign_reviewer' }
>;

type Deps = {
  mergeRequests: Pick<MergeRequestsService, 'findReadable'>;
  mergeRequestReviewers: Pick<MergeRequestReviewersService, 'replace' | 'rerequest' | 'readersAmong'>;
};

type Person = { id: number; username: string };

/**
 * The reviewer commands of a merge request note, each through the reviewers service (which asks
 * for the right to edit the request). Returns the usernames the message names, or null when the
 * command changes nothing it could: nobody named may read the project, or nobody is left to remove.
 */
export async function applyReviewerCommand(
  { mergeRequests, mergeRequestReviewers }: Deps,
  actor: CurrentUser,
  target: { projectId: number; iid: number },
  command: ReviewerCommand,
  named: Person[],
): Promise<string[] | null> {
  const { projectId, iid } = target;
  const { record } = await mergeRequests.findReadable(actor, projectId, iid);
  const currentIds = record.reviewers.map((user) => user.id);
  const replace = (ids: number[]) => mergeRequestReviewers.replace(actor, projectId, iid, ids);
  if (command.name === 'unassign_reviewer') {
    const removed =
      named.length === 0
        ? record.reviewers
        : record.reviewers.filter((user) => named.some((person) => person.id === user.id));
    if (removed.length === 0) return null;
    await replace(currentIds.filter((id) => !removed.some((user) => user.id === id)));
    return removed.map((user) => user.username);
  }
  // Only those who may read the project can review it: GitLab leaves the others out.
  const readers = await mergeRequestReviewers.readersAmong(
    projectId,
    named.map((person) => person.id),
  );
  if (readers.length === 0) return null;
  const readerIds = readers.map((user) => user.id);
  switch (command.name) {
    case 'assign_reviewer':
      await replace([...new Set([...currentIds, ...readerIds])]);
      break;
    case 'reassign_reviewer':
      await replace(readerIds);
      break;
    case 'request_review': {
      // Those already reviewing are asked again; the others become reviewers.
      for (const id of readerIds.filter((reader) => currentIds.includes(reader)))
        await mergeRequestReviewers.rerequest(actor, projectId, iid, id);
      const added = readerIds.filter((id) => !currentIds.includes(id));
      if (added.length > 0) await replace([...currentIds, ...added]);
      break;
    }
  }
  return readers.map((user) => user.username);
}
