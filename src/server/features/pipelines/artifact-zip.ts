import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { ArchiveEntry } from '../../../shared/ci/artifacts/browseArchive';
import { isSymlinkMode, safeEntryPath } from '../../../shared/ci/artifacts/entryPath';

/** One file of an artifacts archive: its safe path, its size, and a way to read it. */
export type ArchiveFile = { path: string; size: number; open(): Promise<Readable> };

/**
 * Finds the regular file at `wanted` in a zip (yauzl reads the central directory and seeks, so
 * only that entry is inflated). Entries whose path would leave the archive's place (`../`,
 * absolute) and symbolic links are never answered. Null when there is no such file.
 */
export async function findArchiveFile(zipPath: string, wanted: string): Promise<ArchiveFile | null> {
  const target = safeEntryPath(wanted);
  if (target === null) return null;
  // decodeStrings off: yauzl would refuse the whole archive at the first unsafe name; we skip it instead.
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, decodeStrings: false, autoClose: false }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
    zip.on('entry', (candidate: yauzl.Entry) => {
      const name = Buffer.from(candidate.fileName as unknown as Uint8Array).toString('utf8');
      const regular = !name.endsWith('/') && !isSymlinkMode(candidate.externalFileAttributes);
      if (regular && safeEntryPath(name) === target) resolve(candidate);
      else zip.readEntry();
    });
    zip.on('end', () => resolve(null));
    zip.on('error', reject);
    zip.readEntry();
  }).catch((error: unknown) => {
    zip.close();
    throw error;
  });
  if (!entry) {
    zip.close();
    return null;
  }
  return {
    path: target,
    size: entry.uncompressedSize,
    open: () =>
      new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, stream) => {
          if (error) {
            zip.close();
            return reject(error);
          }
          stream.on('end', () => zip.close());
          stream.on('error', () => zip.close());
          resolve(stream);
        }),
      ),
  };
}

/** The most entries a browse reads of one archive's central directory. */
const MAX_BROWSE_ENTRIES = 100_000;

/**
 * Every entry of a zip's central directory (yauzl reads it without inflating anything): the safe
 * paths of its folders and regular files, with sizes. Unsafe names and symbolic links are left out,
 * as downloads never answer them.
 */
export async function listArchiveEntries(zipPath: string): Promise<ArchiveEntry[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, decodeStrings: false }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  return new Promise<ArchiveEntry[]>((resolve, reject) => {
    const entries: ArchiveEntry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = Buffer.from(entry.fileName as unknown as Uint8Array).toString('utf8');
      const path = safeEntryPath(name);
      if (path !== null && !isSymlinkMode(entry.externalFileAttributes)) {
        const directory = name.endsWith('/');
        entries.push({ path, directory, size: directory ? 0 : entry.uncompressedSize });
      }
      if (entries.length >= MAX_BROWSE_ENTRIES) {
        zip.close();
        resolve(entries);
      } else zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}
