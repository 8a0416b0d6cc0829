import { describe, expect, it } from 'vitest';
import { updateIssueBodySchema } from '../../../shared/api/issues';
import { requestedAssignees } from '../../../shared/api/assignees';
import { assigneeEvent, permissionsNeeded, planFieldChanges } from './issue-changes';
import type { IssueRow } from './issues.repo';

const now = new Date('2026-03-04T05:06:07Z');
const issue: IssueRow = {
  id: 1,
  iid: 1,
  projectId: 1,
  title: 'Old',
  description: 'text',
  state: 'opened',
  issueType: 'issue',
  confidential: false,
  discussionLocked: false,
  authorId: 2,
  closedById: null,
  closedAt: null,
  timeEstimate: 0,
  lockVersion: 0,
  createdAt: now,
  updatedAt: now,
};
const parse = (body: Record<string, unknown>) => updateIssueBodySchema.parse(body);

describe('planning an issue update', () => {
  it.each<[Record<string, unknown>, { metadata: boolean; edit: boolean }]>([
    [{}, { metadata: false, edit: true }],
    [{ title: 'x' }, { metadata: false, edit: true }],
    [{ state_event: 'close' }, { metadata: false, edit: true }],
    [{ assignee_ids: [1] }, { metadata: true, edit: false }],
    [{ discussion_locked: true }, { metadata: true, edit: false }],
    [
      { title: 'x', confidential: true },
      { metadata: true, edit: true },
    ],
  ])('%j needs %j', (body, needs) => {
    expect(permissionsNeeded(parse(body))).toEqual(needs);
  });

  it.each<[Record<string, unknown>, Partial<IssueRow>, string[]]>([
    [{ title: 'Old', description: 'text' }, {}, []],
    [{ title: 'New' }, { title: 'New' }, ['title']],
    [{ description: 'more' }, { description: 'more' }, ['description']],
    [{ issue_type: 'incident' }, { issueType: 'incident' }, ['issue_type']],
    [{ confidential: true }, { confidential: true }, ['confidential']],
    [{ discussion_locked: true }, { discussionLocked: true }, ['locked']],
    [{ state_event: 'close' }, { state: 'closed', closedById: 9, closedAt: now }, ['closed']],
    [{ state_event: 'reopen' }, {}, []],
    [
      { title: 'New', state_event: 'close', discussion_locked: true },
      { title: 'New', discussionLocked: true, state: 'closed', closedById: 9, closedAt: now },
      ['title', 'locked', 'closed'],
    ],
  ])('%j changes %j with events %j', (body, changes, actions) => {
    const plan = planFieldChanges(issue, parse(body), 9, now);
    expect(plan.changes).toEqual(changes);
    expect(plan.events.map((event) => event.action)).toEqual(actions);
  });

  it('reopens a closed issue and forgets who closed it', () => {
    const closed = { ...issue, state: 'closed' as const, closedById: 9, closedAt: now };
    expect(planFieldChanges(closed, parse({ state_event: 'reopen' }), 9, now)).toEqual({
      changes: { state: 'opened', closedById: null, closedAt: null },
      events: [{ action: 'reopened' }],
    });
  });

  it.each<[Record<string, unknown>, number[] | undefined]>([
    [{}, undefined],
    [{ assignee_ids: [3, 4] }, [3, 4]],
    [{ assignee_ids: '3,4' }, [3, 4]],
    [{ assignee_id: 5 }, [5]],
    [{ assignee_id: 0 }, []],
    [{ assignee_ids: [], assignee_id: 5 }, []],
  ])('assignees asked by %j: %j', (body, ids) => {
    expect(requestedAssignees(parse(body))).toEqual(ids);
  });

  const ann = { id: 1, username: 'ann' };
  const bob = { id: 2, username: 'bob' };
  it.each([
    [[], [ann], { action: 'assignee', added: ['ann'], removed: [] }],
    [[ann], [bob], { action: 'assignee', added: ['bob'], removed: ['ann'] }],
    [[ann, bob], [bob, ann], null],
    [[ann], [], { action: 'assignee', added: [], removed: ['ann'] }],
  ])('assignees %j -> %j', (before, after, event) => {
    expect(assigneeEvent(before, after)).toEqual(event);
  });
});
