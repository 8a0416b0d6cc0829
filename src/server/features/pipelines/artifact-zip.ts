import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
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
