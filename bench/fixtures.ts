// Generated merge requests for the Changes tab figures: nothing is committed, all is built per run.
import type { TestUser } from '../test/support/factories';
import { buildProject } from '../test/support/factories';
import type { Container } from '../src/server/container';
import { branchRef, resolveCommit } from '../src/server/git/repository';
import { runGit } from '../src/server/git/run-git';

/** A line of TypeScript with keywords, strings, types and a comment, so the highlighter has work. */
export const codeLine = (file: number, line: number, version: string) =>
  `export function f${file}_${line}(a: number, b: string): string { return \`${version}\${a}-\${b}\`; } // note ${line}\n`;

export type NewFile = { path: string; content: string | Buffer };

/** A commit on `branch`, on `from` (a commit or a ref); without it, on the branch's tip earlier in the same import. */
export type ImportedCommit = { branch: string; message: string; files: NewFile[]; from: string | null };

/**
 * Commits in one `git fast-import`: every commit of a fixture (XL's hold 10,000 files) in one
 * process, without the temporary files and index that committing through the API writes for each.
 */
export async function importCommits(gitDir: string, commits: ImportedCommit[]): Promise<void> {
  const parts: Buffer[] = [];
  const text = (value: string) => parts.push(Buffer.from(value));
  for (const { branch, message, files, from } of commits) {
    text(`commit ${branchRef(branch)}\ncommitter Bench <bench@example.com> 1704067200 +0000\n`);
    text(`data ${Buffer.byteLength(message)}\n${message}\n`);
    if (from) text(`from ${from}\n`);
    for (const file of files) {
      const body = Buffer.from(file.content);
      text(`M 100644 inline ${file.path}\ndata ${body.length}\n`);
      parts.push(body);
      text('\n');
    }
  }
  await runGit(gitDir, ['fast-import', '--quiet'], { input: Buffer.concat(parts) });
}

/** The base on `main` and the change on `feature`, branched from it. */
async function importBaseAndChange(gitDir: string, base: NewFile[], head: NewFile[]) {
  await importCommits(gitDir, [
    // A new project's `main` may already hold a first commit: the base goes on top of it.
    { branch: 'main', message: 'Base', files: base, from: await resolveCommit(gitDir, branchRef('main')) },
    { branch: 'feature', message: 'Change', files: head, from: branchRef('main') },
  ]);
  return {
    baseSha: (await resolveCommit(gitDir, branchRef('main')))!,
    headSha: (await resolveCommit(gitDir, branchRef('feature')))!,
  };
}

/** `files` files, each with `changedLinesPerFile` changed lines (added + removed): every other line changes. */
function fixture(files: number, changedLinesPerFile: number) {
  const modified = changedLinesPerFile / 2;
  const length = modified * 2 + 10;
  const content = (file: number, version: string) =>
    Array.from({ length }, (_, line) =>
      codeLine(file, line, line % 2 === 1 && (line - 1) / 2 < modified ? version : 'base'),
    ).join('');
  const at = (version: string): NewFile[] =>
    Array.from({ length: files }, (_, file) => ({
      path: `src/module-${Math.floor(file / 50)}/file-${file}.ts`,
      content: content(file, version),
    }));
  return { base: at('base'), head: at('head') };
}

export type BenchMergeRequest = {
  gitDir: string;
  baseSha: string;
  headSha: string;
  /** `/{project}/-/merge_requests/{iid}`. */
  url: string;
};

/** A public project whose merge request changes `files` files by `changedLinesPerFile` lines each. */
export async function mergeRequestOn(
  container: Container,
  owner: TestUser,
  files: number,
  changedLinesPerFile: number,
  extra: NewFile[] = [],
): Promise<BenchMergeRequest> {
  const project = await buildProject(container, owner, { visibility: 'public' });
  const { base, head } = fixture(files, changedLinesPerFile);
  const { baseSha, headSha } = await importBaseAndChange(project.gitDir, base, [...head, ...extra]);
  const mr = await container.mergeRequests.create(owner, project.project.id, {
    title: 'Bench',
    source_branch: 'feature',
    target_branch: 'main',
  });
  return {
    gitDir: project.gitDir,
    baseSha,
    headSha,
    url: `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`,
  };
}
