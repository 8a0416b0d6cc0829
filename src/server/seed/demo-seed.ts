import type { CurrentUser } from '../auth/current-user';
import type { Container } from '../container';
import { commitFiles } from '../git/commits';
import type { UserRow } from '../features/users/users.service';
import { seedDemoApprovals } from './demo-approvals';
import { seedDemoDiscussion } from './demo-discussion';
import { seedDemoLabels } from './demo-labels';
import { seedDemoIssues } from './demo-issues';
import {
  closedBranch,
  draftBranch,
  mainHistory,
  mergedBranch,
  openBranch,
  type DemoBranch,
  type DemoCommit,
} from './demo-content';

export const DEMO_PASSWORD = 'demo-password';

const DAY_MS = 24 * 60 * 60 * 1000;

type DemoUsers = Record<'alice' | 'bob', CurrentUser>;

const toActor = (user: UserRow): CurrentUser => ({
  id: user.id,
  username: user.username,
  name: user.name,
  email: user.email,
  admin: user.admin,
  state: user.state,
});

/**
 * The demo instance: developers alice (Maintainer) and bob (Developer) in the public group `demo`,
 * the project `demo/shop` with a real history, and merge requests that are open, draft, closed
 * and merged, an approval rule with an approval, issues (one of them an incident, one confidential), and pipelines of its
 * `.gitlab-ci.yml` that the embedded runner runs. Everything goes through the same services the
 * API uses.
 */
export async function seedDemo(c: Container): Promise<{ projectPath: string }> {
  const users: DemoUsers = {
    alice: toActor(
      await c.users.createUser({
        username: 'alice',
        name: 'Alice Liddell',
        email: 'alice@example.com',
        password: DEMO_PASSWORD,
      }),
    ),
    bob: toActor(
      await c.users.createUser({
        username: 'bob',
        name: 'Bob Builder',
        email: 'bob@example.com',
        password: DEMO_PASSWORD,
      }),
    ),
  };
  const group = await c.groups.createGroup(users.alice, {
    name: 'Demo',
    path: 'demo',
    visibility: 'public',
    description: 'A demo group with one project.',
  });
  await c.members.addMember(
    users.alice,
    { kind: 'group', ref: String(group.group.id) },
    { user_id: users.bob.id, access_level: 30 },
  );
  const project = await c.projects.createProject(users.alice, {
    name: 'Shop',
    path: 'shop',
    namespace_id: group.group.id,
    visibility: 'public',
    description: 'Cart, checkout and discount codes.',
  });

  const commit = (branch: string, startBranch: string | undefined, entry: DemoCommit) =>
    commitFiles(project.gitDir, {
      branch,
      ...(startBranch ? { startBranch } : {}),
      message: entry.message,
      author: {
        name: users[entry.author].name,
        email: users[entry.author].email,
        date: daysAgo(c, entry.daysAgo),
      },
      changes: entry.changes,
    });

  for (const entry of mainHistory) await commit('main', undefined, entry);

  const openRequest = async (branch: DemoBranch) => {
    for (const entry of branch.commits) await commit(branch.name, 'main', entry);
    const { author, draft, ...fields } = branch.mergeRequest;
    return c.mergeRequests.create(users[author], project.project.id, {
      ...fields,
      source_branch: branch.name,
      target_branch: 'main',
      ...(draft ? { draft } : {}),
    });
  };

  const open = await openRequest(openBranch);
  const draft = await openRequest(draftBranch);
  // Bob's draft waits for Alice's review (her "Review requests for you").
  await c.mergeRequestReviewers.replace(users.bob, project.project.id, draft.mergeRequest.iid, [
    users.alice.id,
  ]);
  const closed = await openRequest(closedBranch);
  await c.mergeRequests.update(users.bob, project.project.id, closed.mergeRequest.iid, {
    state_event: 'close',
  });
  const fix = await openRequest(mergedBranch);
  const hookErrors: unknown[] = [];
  const merged = await c.merges.merge(
    users.alice,
    project.project.id,
    fix.mergeRequest.iid,
    { shouldRemoveSourceBranch: true },
    (error) => hookErrors.push(error),
  );
  if (merged.kind !== 'merged') throw new Error(`The demo merge request did not merge: ${merged.kind}`);
  // What the merge runs after its answer (the other requests into main checked again) ends first.
  await c.background.settled();
  if (hookErrors.length > 0) throw hookErrors[0];
  // The merge ran main's pipeline (a push); the open request's branch gets one of its own.
  await c.pipelines.createFromApi(users.bob, String(project.project.id), { ref: openBranch.name });
  const issues = await seedDemoIssues(c, users, project.project.id);
  await seedDemoLabels(
    c,
    users.alice,
    { groupId: group.group.id, projectId: project.project.id },
    {
      mergeRequests: {
        [open.mergeRequest.id]: ['feature', 'needs review', 'team::checkout'],
        [draft.mergeRequest.id]: ['feature'],
        [fix.mergeRequest.id]: ['bug'],
      },
      issues: {
        [issues.discountCodes]: ['bug', 'team::checkout'],
        [issues.staleBadge]: ['bug'],
        [issues.leakedKey]: ['security'],
      },
    },
  );
  // After the issues, so that the review's #1 names the first of them.
  await seedDemoDiscussion(
    c,
    users,
    { id: project.project.id, fullPath: project.fullPath },
    open.mergeRequest.iid,
  );
  await seedDemoApprovals(c, users, project.project.id, open.mergeRequest.iid);
  return { projectPath: project.fullPath };
}

const daysAgo = (c: Pick<Container, 'clock'>, days: number) =>
  new Date(c.clock.now().getTime() - days * DAY_MS);
