import { listCommits, type Commit } from './commits';
import { gitText } from './run-git';

export type Branch = { name: string; sha: string };

/** All branches, sorted by name. */
export async function listBranches(gitDir: string): Promise<Branch[]> {
  const raw = await gitText(gitDir, [
    'for-each-ref',
    '--format=%(objectname) %(refname:lstrip=2)',
    'refs/heads/',
  ]);
  if (!raw) return [];
  return raw.split('\n').map((line) => {
    const space = line.indexOf(' ');
    return { sha: line.slice(0, space), name: line.slice(space + 1) };
  });
}

/** A branch with its head commit, as the branches API shows it. */
export async function listBranchesWithCommits(gitDir: string): Promise<Array<Branch & { commit: Commit }>> {
  const branches = await listBranches(gitDir);
  const result: Array<Branch & { commit: Commit }> = [];
  for (const branch of branches) {
    const [commit] = await listCommits(gitDir, { revision: branch.sha, limit: 1 });
    if (commit) result.push({ ...branch, commit });
  }
  return result;
}

export async function defaultBranchOf(gitDir: string): Promise<string | null> {
  const head = await gitText(gitDir, ['symbolic-ref', '--quiet', 'HEAD'], { okCodes: [1] });
  return head.startsWith('refs/heads/') ? head.slice('refs/heads/'.length) : null;
}

/** Names of the branches whose heads are reachable from `target` (merged into it). */
export async function branchesMergedInto(gitDir: string, target: string): Promise<Set<string>> {
  const raw = await gitText(gitDir, [
    'for-each-ref',
    `--merged=${target}`,
    '--format=%(refname:lstrip=2)',
    'refs/heads/',
  ]);
  return new Set(raw ? raw.split('\n') : []);
}
