import { LFS_POINTER_MAX_BYTES, parseLfsPointer } from '../../../shared/diff/lfsPointer';
import { blobSizes, listChangedFiles, readBlobs, type ChangedFile } from '../../git/diff';
import { createLruCache } from '../../lru-cache';
import { sharedRead } from '../../shared-read';
import { isSubmodule, type ListedFile } from './diff-file-view';
import type { DiffSelection } from './diff-selection';

/** The files of a selected diff, without lines: git's listing with each file's size and LFS pointer. */
export function createDiffListing() {
  // A listing of two commits never changes, so it is kept; batches then ask git for their paths only.
  const listings = createLruCache<ListedFile[]>(200_000, (files) => files.length + 1);
  const listingsInFlight = sharedRead<ListedFile[]>();

  async function listFiles(selection: DiffSelection): Promise<ListedFile[]> {
    const all = await listAllFiles(selection);
    const { paths } = selection;
    return paths ? all.filter((file) => paths.has(file.oldPath) || paths.has(file.newPath)) : all;
  }

  async function listAllFiles(selection: DiffSelection): Promise<ListedFile[]> {
    if (!selection.from) return [];
    const { gitDir } = selection.ctx;
    const key = `${gitDir}\0${selection.from}\0${selection.to}\0${selection.ignoreWhitespace}`;
    const hit = listings.get(key);
    if (hit) return hit;
    // The page asks for the metadata and the first batch at once: they share one listing.
    return listingsInFlight(key, async () => {
      const changed = await listChangedFiles(gitDir, selection.from, selection.to, {
        ignoreWhitespace: selection.ignoreWhitespace,
      });
      const files = await withBlobFacts(gitDir, changed);
      listings.set(key, files);
      return files;
    });
  }

  return { listFiles };
}

const ZERO_SHA = /^0+$/;

/**
 * Each file's size and LFS pointer: one `cat-file --batch-check` for the sizes, and one read of the
 * blobs small enough to be pointers, so a listing of thousands of files costs two git calls.
 */
async function withBlobFacts(gitDir: string, files: ChangedFile[]): Promise<ListedFile[]> {
  const shown = (file: ChangedFile) => (file.deletedFile ? file.oldBlobId : file.newBlobId);
  const shas = files.filter((file) => !isSubmodule(file) && !ZERO_SHA.test(shown(file))).map(shown);
  const sizes = await blobSizes(gitDir, shas);
  const small = [...sizes].filter(([, size]) => size <= LFS_POINTER_MAX_BYTES).map(([sha]) => sha);
  const contents = await readBlobs(gitDir, small, LFS_POINTER_MAX_BYTES);
  return files.map((file) => {
    const content = contents.get(shown(file));
    const lfs = content ? parseLfsPointer(content.toString('utf8')) : null;
    return { ...file, size: lfs?.size ?? sizes.get(shown(file)) ?? 0, lfs };
  });
}
