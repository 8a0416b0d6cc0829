import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The upload went past the limit: nothing of it is kept. */
export class ArtifactTooLargeError extends Error {}

/**
 * Artifact files under `DATA_DIR/artifacts/<project id>/<job id>/`: written to a temporary name
 * as the upload streams in (counted and hashed on the way, cut off past the limit), then renamed
 * into place, so a reader never sees half a file.
 */
export function createArtifactStore(dataDir: string) {
  const root = path.join(dataDir, 'artifacts');

  async function save(
    projectId: number,
    buildId: number,
    body: Readable,
    maxBytes: number,
  ): Promise<{ path: string; size: number; sha256: string }> {
    const relative = path.join(String(projectId), String(buildId), `${randomBytes(8).toString('hex')}.zip`);
    const target = path.join(root, relative);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temporary = `${target}.part`;
    const hash = createHash('sha256');
    let size = 0;
    try {
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > maxBytes) throw new ArtifactTooLargeError();
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(temporary, { mode: 0o600 }),
      );
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { path: relative, size, sha256: hash.digest('hex') };
  }

  /** The stored file's absolute path (a stored path never leaves the artifacts directory). */
  function fileOf(relative: string): string {
    const absolute = path.resolve(root, relative);
    if (!absolute.startsWith(`${root}${path.sep}`)) throw new Error('artifact path outside its directory');
    return absolute;
  }

  const open = (relative: string) => createReadStream(fileOf(relative));

  async function remove(relative: string): Promise<void> {
    await rm(fileOf(relative), { force: true });
  }

  /** Every artifact file of a project (its rows went with the project). */
  async function removeProject(projectId: number): Promise<void> {
    await rm(path.join(root, String(projectId)), { recursive: true, force: true });
  }

  return { save, open, fileOf, remove, removeProject };
}

export type ArtifactStore = ReturnType<typeof createArtifactStore>;
