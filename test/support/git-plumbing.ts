import { branchRef, resolveCommit } from '../../src/server/git/repository';
import { runGit } from '../../src/server/git/run-git';

/** What the files API cannot write: a gitlink (a submodule at a commit), a symbolic link, or a file under any bytes of name. */
export type PlumbingChange =
  | { kind: 'gitlink'; path: string; sha: string }
  | { kind: 'symlink'; path: string; target: string }
  /** `path` as git's C-style quoting writes it, so any byte can be named (`"caf\351.txt"`). */
  | { kind: 'file'; quotedPath: string; content: string };

/**
 * Adds one commit to `branch` on top of its head through `git fast-import`, which takes gitlinks
 * and C-quoted paths (octal escapes for bytes that are not UTF-8).
 */
export async function commitWithFastImport(
  gitDir: string,
  branch: string,
  message: string,
  changes: PlumbingChange[],
): Promise<string> {
  const head = await resolveCommit(gitDir, branchRef(branch));
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const script = [
    `commit ${branchRef(branch)}\n`,
    'committer Ada Lovelace <ada@example.com> 1709287200 +0000\n',
    data(message),
    head ? `from ${head}\n` : '',
    ...changes.map((change) => {
      if (change.kind === 'gitlink') return `M 160000 ${change.sha} ${change.path}\n`;
      if (change.kind === 'symlink') return `M 120000 inline ${change.path}\n${data(change.target)}`;
      return `M 100644 inline ${change.quotedPath}\n${data(change.content)}`;
    }),
    '\n',
  ].join('');
  await runGit(gitDir, ['fast-import', '--quiet'], { input: script });
  return (await resolveCommit(gitDir, branchRef(branch)))!;
}
