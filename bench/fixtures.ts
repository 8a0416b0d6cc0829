// Generated merge requests for the Changes tab figures: nothing is committed, all is built per run.
import type { TestUser } from '../test/support/factories';
import { buildProject } from '../test/support/factories';
import type { Container } from '../src/server/container';
import { commitFiles, type FileChange } from '../src/server/git/commits';

const author = { name: 'Bench', email: 'bench@example.com', date: new Date('2024-01-01T00:00:00Z') };

/** A line of TypeScript with keywords, strings, types and a comment, so the highlighter has work. */
const codeLine = (file: number, line: number, version: string) =>
  `export function f${file}_${line}(a: number, b: string): string { return \`${version}\${a}-\${b}\`; } // note ${line}\n`;

/** `files` files, each with `changedLinesPerFile` changed lines (added + removed): every other line changes. */
function fixture(files: number, changedLinesPerFile: number) {
  const modified = changedLinesPerFile / 2;
  const length = modified * 2 + 10;
  const content = (file: number, version: string) =>
    Array.from({ length }, (_, line) =>
      codeLine(file, line, line % 2 === 1 && (line - 1) / 2 < modified ? version : 'base'),
    ).join('');
  const at = (version: string): FileChange[] =>
    Array.from({ length: files }, (_, file) => ({
      action: 'create' as const,
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
  extra: FileChange[] = [],
): Promise<BenchMergeRequest> {
  const project = await buildProject(container, owner, { visibility: 'public' });
  const { base, head } = fixture(files, changedLinesPerFile);
  const baseSha = await commitFiles(project.gitDir, {
    branch: 'main',
    message: 'Base',
    author,
    changes: base,
  });
  const headSha = await commitFiles(project.gitDir, {
    branch: 'feature',
    startBranch: 'main',
    message: 'Change',
    author,
    changes: [...head, ...extra],
  });
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
