import type { DiffLine } from '../../../shared/api/diffs';
import { fileHash, lineCode } from '../../../shared/diff/lineCode';
import type { Actor } from '../../auth/permissions';
import { BadRequestError, NotFoundError } from '../../errors';
import { MAX_FILE_PATCH_BYTES } from '../../git/diff';
import { isSha, resolveCommit } from '../../git/repository';
import { isBinary, readBlob, readPathEntry } from '../../git/tree';
import type { Highlighter } from '../../highlight/highlight';
import type { ProjectsService } from '../projects/projects.service';
import { matchLine } from './diff-lines';

/** Context lines are read from blobs up to this size; a larger file is refused with a 400. */
const MAX_CONTEXT_BLOB_BYTES = 10 * 1024 * 1024;

/**
 * A line longer than a whole file's patch may be (a 5 MB minified bundle) is refused: its diff was
 * already shown as too large, and laying out megabytes of one line would stall the browser.
 */
const LINE_TOO_LONG = 'The file has a line too long to show';

function longestLine(content: Buffer): number {
  let longest = 0;
  for (let start = 0; start < content.length;) {
    const newline = content.indexOf(0x0a, start);
    const end = newline < 0 ? content.length : newline;
    longest = Math.max(longest, end - start);
    start = end + 1;
  }
  return longest;
}

export type ContextLinesRequest = {
  since?: number;
  to?: number;
  offset: number;
  unfold?: boolean;
  bottom?: boolean;
  full?: boolean;
};

type Deps = { projects: Pick<ProjectsService, 'loadProject'>; highlighter: Highlighter };

/** A file of a readable project at a commit: its raw bytes, and the unchanged lines around hunks. */
export function createBlobReads({ projects, highlighter }: Deps) {
  /** A file's blob at a commit of a readable project; 404 for anything else. */
  async function blobAt(actor: Actor, fullPath: string, sha: string, filePath: string) {
    const ctx = await projects.loadProject(actor, fullPath);
    const commit = /^[0-9a-f]{7,40}$/.test(sha) ? await resolveCommit(ctx.gitDir, sha) : null;
    if (!commit || !isSha(commit)) throw new NotFoundError('Commit');
    const entry = await readPathEntry(ctx.gitDir, commit, filePath);
    if (!entry || entry.type !== 'blob') throw new NotFoundError('File');
    return { ctx, entry };
  }

  /** `{project}/-/raw/{sha}/{path}`: the bytes, and whether git would call them binary. */
  async function rawFile(actor: Actor, fullPath: string, sha: string, filePath: string) {
    const { ctx, entry } = await blobAt(actor, fullPath, sha, filePath);
    const content = await readBlob(ctx.gitDir, entry.id);
    if (!content) throw new NotFoundError('File');
    return { content, binary: isBinary(content) };
  }

  /**
   * Unchanged lines around hunks, in GitLab's shape: lines `since`..`to` of the file at `sha`
   * (all of them with `full`), old positions `offset` behind, and with `unfold` a hunk header
   * where more lines remain (below the range with `bottom`, above it otherwise).
   */
  async function contextLines(
    actor: Actor,
    fullPath: string,
    sha: string,
    filePath: string,
    query: ContextLinesRequest,
  ): Promise<DiffLine[]> {
    const { ctx, entry } = await blobAt(actor, fullPath, sha, filePath);
    if ((entry.size ?? 0) > MAX_CONTEXT_BLOB_BYTES)
      throw new BadRequestError('The file is too large to show');
    const content = await readBlob(ctx.gitDir, entry.id);
    if (!content || isBinary(content)) throw new BadRequestError('The file is binary');
    if (longestLine(content) > MAX_FILE_PATCH_BYTES) throw new BadRequestError(LINE_TOO_LONG);
    const highlighted = (await highlighter.session()(entry.id, filePath, content.toString('utf8'))).lines;
    const total = content.at(-1) === 0x0a ? highlighted.length - 1 : highlighted.length;
    const plain = content.toString('utf8').split('\n');
    const since = query.full ? 1 : Math.max(1, query.since ?? 1);
    const to = query.full ? total : Math.min(total, query.to ?? total);
    const hash = fileHash(filePath);
    const lines: DiffLine[] = [];
    for (let n = since; n <= to; n++) {
      const old = n - query.offset;
      lines.push({
        line_code: lineCode(hash, old, n),
        type: null,
        old_line: old,
        new_line: n,
        text: ` ${plain[n - 1] ?? ''}`,
        rich_text: ` ${highlighted[n - 1] ?? ''}`,
        meta_data: null,
      });
    }
    if (query.unfold && !query.full) {
      if (query.bottom && to < total) lines.push(matchLine(to - query.offset, to));
      if (!query.bottom && since > 1) lines.unshift(matchLine(since - query.offset, since));
    }
    return lines;
  }

  return { rawFile, contextLines };
}
