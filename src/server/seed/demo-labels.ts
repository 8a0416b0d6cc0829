import type { CurrentUser } from '../auth/current-user';
import type { Container } from '../container';

type LabelSpec = { name: string; color: string; description: string };

const GROUP_LABELS: LabelSpec[] = [
  { name: 'team::checkout', color: '#6699cc', description: 'Owned by the checkout team' },
];
const PROJECT_LABELS: LabelSpec[] = [
  { name: 'bug', color: '#d9534f', description: 'Something does not work as it should' },
  { name: 'feature', color: '#428bca', description: 'New behaviour' },
  { name: 'needs review', color: '#f0ad4e', description: 'Waiting for a reviewer' },
  { name: 'security', color: '#5843ad', description: 'Affects the safety of payments or data' },
];

/** Which demo merge requests and issues (by iid) carry which labels. */
export type DemoLabelling = { mergeRequests: Record<number, string[]>; issues: Record<number, string[]> };

/**
 * The demo's labels: one of the group's, a few of the project's, on some merge requests and
 * issues, put there as a maintainer would (so the label notes are real).
 */
export async function seedDemoLabels(
  c: Pick<Container, 'labels'>,
  alice: CurrentUser,
  refs: { groupId: number; projectId: number },
  labelling: DemoLabelling,
): Promise<void> {
  const group = await c.labels.groupOwner(alice, refs.groupId);
  for (const spec of GROUP_LABELS) await c.labels.create(alice, group, spec);
  const project = await c.labels.projectOwner(alice, refs.projectId);
  for (const spec of PROJECT_LABELS) await c.labels.create(alice, project, spec);
  const put = async (type: 'Issue' | 'MergeRequest', id: number, names: string[]) =>
    c.labels.applyParams(alice, refs.projectId, { type, id }, { labels: names });
  for (const [id, names] of Object.entries(labelling.mergeRequests))
    await put('MergeRequest', Number(id), names);
  for (const [id, names] of Object.entries(labelling.issues)) await put('Issue', Number(id), names);
}
