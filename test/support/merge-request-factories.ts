import type { CurrentUser } from '../../src/server/auth/current-user';
import type { Container } from '../../src/server/container';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import type { CreateMergeRequestBody } from '../../src/shared/api/mergeRequests';
import { commitFiles, type FileChange, type GitPerson } from '../../src/server/git/commits';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { addProjectMember, buildProject, buildUser } from './factories';

export { addProjectMember };

export const testAuthor: GitPerson = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  date: new Date('2024-03-01T10:00:00Z'),
};

/** Commits one file to `branch` (created from `startBranch` when missing) and returns the new head. */
export async function pushFile(
  project: Pick<ProjectContext, 'gitDir'>,
  branch: string,
  file: { path: string; content: string; message?: string },
  startBranch = 'main',
): Promise<string> {
  return commitFiles(project.gitDir, {
    branch,
    startBranch,
    message: file.message ?? `Update ${file.path}`,
    author: testAuthor,
    changes: [{ action: 'create', path: file.path, content: file.content }],
  });
}

/** A public project of a fresh owner, with a Reporter and a Guest. */
export async function buildProjectWithRoles(c: Pick<Container, 'db' | 'users' | 'projects'>) {
  const [owner, reporter, guest] = [await buildUser(c), await buildUser(c), await buildUser(c)];
  const project = await buildProject(c, owner, { visibility: 'public' });
  await addProjectMember(c, project, reporter, ACCESS_LEVELS.reporter);
  await addProjectMember(c, project, guest, ACCESS_LEVELS.guest);
  return { owner, reporter, guest, project };
}

/** A merge request from a fresh `source_branch` (one commit adding a file) into `main`. */
export async function buildMergeRequest(
  c: Pick<Container, 'mergeRequests'>,
  author: CurrentUser,
  project: ProjectContext,
  input: Partial<CreateMergeRequestBody> = {},
) {
  const sourceBranch = input.source_branch ?? `feature-${Math.random().toString(36).slice(2, 8)}`;
  await pushFile(project, sourceBranch, { path: `${sourceBranch}.txt`, content: 'new work\n' });
  return c.mergeRequests.create(author, project.project.id, {
    title: `Add ${sourceBranch}`,
    ...input,
    source_branch: sourceBranch,
  });
}

/**
 * A merge request whose source `branch` makes `changes` in one commit on a `main` that holds
 * `base`: the start of a Changes tab test.
 */
export async function buildChangesMergeRequest(
  c: Pick<Container, 'mergeRequests'>,
  author: CurrentUser,
  project: ProjectContext,
  input: {
    base: FileChange[];
    changes: FileChange[];
    branch?: string;
    title?: string;
    /** Runs once the branch has its commit, before the merge request records its first version. */
    extend?: (branch: string) => Promise<unknown>;
  },
) {
  const branch = input.branch ?? 'feature/changes';
  const title = input.title ?? 'Changes';
  await commitFiles(project.gitDir, {
    branch: 'main',
    message: 'Base',
    author: testAuthor,
    changes: input.base,
  });
  await commitFiles(project.gitDir, {
    branch,
    startBranch: 'main',
    message: title,
    author: testAuthor,
    changes: input.changes,
  });
  await input.extend?.(branch);
  return c.mergeRequests.create(author, project.project.id, { source_branch: branch, title });
}
