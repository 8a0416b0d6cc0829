import type { CurrentUser } from '../../src/server/auth/current-user';
import type { Container } from '../../src/server/container';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import type { CreateMergeRequestBody } from '../../src/shared/api/mergeRequests';
import { commitFiles, type GitPerson } from '../../src/server/git/commits';
import { insertProjectMember } from '../../src/server/features/projects/projects.repo';

export const testAuthor: GitPerson = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  date: new Date('2024-03-01T10:00:00Z'),
};

/** Commits one file to `branch` (created from `main` when missing) and returns the new head. */
export async function pushFile(
  project: Pick<ProjectContext, 'gitDir'>,
  branch: string,
  file: { path: string; content: string; message?: string },
): Promise<string> {
  return commitFiles(project.gitDir, {
    branch,
    startBranch: 'main',
    message: file.message ?? `Update ${file.path}`,
    author: testAuthor,
    changes: [{ action: 'create', path: file.path, content: file.content }],
  });
}

/** Makes `user` a member of the project with an access level (10 Guest ... 50 Owner). */
export async function addProjectMember(
  c: Pick<Container, 'db'>,
  project: ProjectContext,
  user: CurrentUser,
  accessLevel: number,
): Promise<void> {
  await insertProjectMember(c.db, project.project.id, user.id, accessLevel);
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
