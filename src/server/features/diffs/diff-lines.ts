import type { DiffLine } from '../../../shared/api/diffs';
import type { ParsedDiffLine } from '../../../shared/diff/parsePatch';
import { blobSizes, changeKey, readBlobs, readFilePatches } from '../../git/diff';
import { readSubmoduleUrls } from '../../git/submodules';
import { escapeHtml, MAX_HIGHLIGHT_BYTES, type Highlighter } from '../../highlight/highlight';
import { createLruCache } from '../../lru-cache';
import { isSubmodule, viewOf, type DiffFileView, type ListedFile } from './diff-file-view';
import type { DiffSelection } from './diff-selection';

/**
 * The lines of listed files: git's patch, highlighted from the files' blobs, with GitLab's `match`
 * lines, kept per pair of commits once final.
 */
export function createDiffLines({ highlighter }: { highlighter: Highlighter }) {
  // A file's lines between two commits never change. A view is kept once its highlighting
  // is final: lines served plain because a request's highlighting budget ran out are not kept, so
  // a later load picks up the colours the background adds.
  const fileViews = createLruCache<DiffFileView>(32 * 1024 * 1024, weighView);

  async function withLines(
    selection: DiffSelection,
    listed: ListedFile[],
    options: { expanded: boolean },
  ): Promise<DiffFileView[]> {
    const { gitDir } = selection.ctx;
    const { from, to, ignoreWhitespace } = selection;
    const scope = `${gitDir}\0${from}\0${to}\0${ignoreWhitespace}\0${options.expanded}\0`;
    const kept = listed.map((file) => fileViews.get(scope + changeKey(file)));
    const computed = await computeLines(
      selection,
      listed.filter((_, index) => !kept[index]),
      options,
    );
    for (const { view, final } of computed) if (final) fileViews.set(scope + changeKey(view), view);
    let next = 0;
    return kept.map((view) => view ?? computed[next++]!.view);
  }

  /** Lines from git's patch of the listed files, highlighted from their blobs (cached by blob sha). */
  async function computeLines(
    selection: DiffSelection,
    listed: ListedFile[],
    { expanded }: { expanded: boolean },
  ): Promise<Array<{ view: DiffFileView; final: boolean }>> {
    if (listed.length === 0) return [];
    const { gitDir } = selection.ctx;
    const patches = await readFilePatches(gitDir, selection.from, selection.to, listed, {
      ignoreWhitespace: selection.ignoreWhitespace,
    });
    const submoduleUrls = listed.some(isSubmodule)
      ? await readSubmoduleUrls(gitDir, selection.to)
      : new Map<string, string>();
    const viewed = listed.map((file) => ({
      ...viewOf(file, patches.get(changeKey(file)) ?? null, { expanded }),
      submoduleUrl: isSubmodule(file) ? (submoduleUrls.get(file.newPath) ?? null) : null,
    }));
    const views = await withImageSizes(gitDir, viewed);
    const sides = views.flatMap((view) => {
      const patch = patches.get(changeKey(view));
      if (!view.lines || !patch || view.submodule) return [];
      const pairs: Array<[string, string]> = [];
      if (!view.newFile) pairs.push([view.oldBlobId, view.oldPath]);
      if (!view.deletedFile) pairs.push([view.newBlobId, view.newPath]);
      return pairs;
    });
    const missing = sides.filter(([sha, path]) => !highlighter.cached(sha, path)).map(([sha]) => sha);
    const blobs = await readBlobs(gitDir, missing, MAX_HIGHLIGHT_BYTES);
    const highlight = highlighter.session();
    // Whether a blob's lines are final: highlighted (or plain for good), not plain for lack of budget.
    const final = (sha: string, path: string) =>
      !blobs.has(sha) || highlighter.cached(sha, path) !== undefined;
    const linesOf = async (sha: string, path: string): Promise<string[] | null> => {
      const hit = highlighter.cached(sha, path);
      if (hit) return hit.lines;
      const blob = blobs.get(sha);
      return blob ? (await highlight(sha, path, blob.toString('utf8'))).lines : null;
    };
    // One file after the other: the request's highlighting budget is spent in the files' order.
    const results: Array<{ view: DiffFileView; final: boolean }> = [];
    for (const view of views) {
      const patch = patches.get(changeKey(view));
      if (!view.lines || !patch) {
        results.push({ view, final: true });
        continue;
      }
      const oldLines = view.newFile || view.submodule ? null : await linesOf(view.oldBlobId, view.oldPath);
      const newLines =
        view.deletedFile || view.submodule ? null : await linesOf(view.newBlobId, view.newPath);
      const lines = patch.lines.map((line) => richLine(line, oldLines, newLines));
      const bottom = view.deletedFile ? null : bottomMatchLine(lines, newLines);
      if (bottom) lines.push(bottom);
      results.push({
        view: { ...view, lines, fullyExpanded: !lines.some((line) => line.type === 'match') },
        final: final(view.oldBlobId, view.oldPath) && final(view.newBlobId, view.newPath),
      });
    }
    return results;
  }

  return { withLines };
}

function richLine(line: ParsedDiffLine, oldLines: string[] | null, newLines: string[] | null): DiffLine {
  if (line.type === 'match' || line.type === 'old-nonewline' || line.type === 'new-nonewline') {
    return { ...line, rich_text: escapeHtml(line.text) };
  }
  const prefix = line.text.slice(0, 1);
  const html = line.type === 'old' ? oldLines?.[line.old_line! - 1] : newLines?.[line.new_line! - 1];
  return { ...line, rich_text: prefix + (html ?? escapeHtml(line.text.slice(1))) };
}

/** Lines in a blob split at its newlines: a final newline ends the last line rather than starting one. */
const lineCount = (lines: string[]): number => (lines.at(-1) === '' ? lines.length - 1 : lines.length);

/**
 * GitLab's trailing `match` line: when the last hunk stops before the end of the new file, a match
 * line at the last positions lets the reader unfold the rest (context lines with `bottom`).
 */
function bottomMatchLine(lines: DiffLine[], newLines: string[] | null): DiffLine | null {
  const last = lines.findLast((line) => line.new_line !== null);
  if (!last || !newLines || last.new_line! >= lineCount(newLines)) return null;
  const oldPos = lines.findLast((line) => line.old_line !== null)?.old_line ?? 0;
  return matchLine(oldPos, last.new_line!);
}

/** GitLab's `match` line: where more unchanged lines can be unfolded, from these positions on. */
export const matchLine = (oldPos: number, newPos: number): DiffLine => ({
  line_code: null,
  type: 'match',
  old_line: null,
  new_line: null,
  text: '',
  rich_text: '',
  meta_data: { old_pos: oldPos, new_pos: newPos },
});

/** A kept view's weight: the characters of its lines, and a little for each line object. */
function weighView(view: DiffFileView): number {
  let weight = 256;
  for (const line of view.lines ?? []) weight += line.text.length + line.rich_text.length + 64;
  return weight;
}

/**
 * The image viewer shows each side's file size (spec 2.9); the listing only sized the side shown,
 * so a page with images asks git for both sides' sizes in one `cat-file --batch-check`.
 */
async function withImageSizes(gitDir: string, views: DiffFileView[]): Promise<DiffFileView[]> {
  const images = views.filter((view) => view.viewer.name === 'image');
  if (images.length === 0) return views;
  const sides = (view: DiffFileView) => ({
    old: view.newFile ? null : view.oldBlobId,
    new: view.deletedFile ? null : view.newBlobId,
  });
  const shas = images.flatMap((view) => Object.values(sides(view)).filter((sha) => sha !== null));
  const sizes = await blobSizes(gitDir, shas);
  const sizeOf = (sha: string | null) => (sha === null ? null : (sizes.get(sha) ?? null));
  return views.map((view) => {
    if (view.viewer.name !== 'image') return view;
    const { old, new: next } = sides(view);
    return { ...view, imageSizes: { old: sizeOf(old), new: sizeOf(next) } };
  });
}
