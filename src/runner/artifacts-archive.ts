import { constants, createReadStream, createWriteStream } from 'node:fs';
import { chown, lstat, mkdir, open, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { isSymlinkMode, safeEntryPath } from '../shared/ci/artifacts/entryPath';
import { globMatches } from '../shared/ci/glob';

/** At most this many files go into one archive (a job could make millions). */
const MAX_FILES = 100_000;

type Owner = { uid: number; gid: number } | null;

/** Whether `relative` (or a directory above it) is one of `patterns` (GitLab's artifacts paths). */
export function covered(relative: string, patterns: readonly string[]): boolean {
  const parts = relative.split('/');
  for (let end = parts.length; end > 0; end--) {
    const candidate = parts.slice(0, end).join('/');
    if (patterns.some((pattern) => globMatches(pattern.replace(/^\.\//, '').replace(/\/$/, ''), candidate)))
      return true;
  }
  return false;
}

/**
 * The project's regular files `paths` cover and `exclude` does not, relative to it. Symbolic
 * links are never followed nor archived: a job could point one at anything the runner can read.
 */
export async function collectArtifactFiles(
  projectDir: string,
  paths: readonly string[],
  exclude: readonly string[],
): Promise<string[]> {
  const found: string[] = [];
  async function walk(relativeDir: string): Promise<void> {
    const entries = await readdir(path.join(projectDir, relativeDir), { withFileTypes: true });
    for (const entry of entries) {
      if (found.length >= MAX_FILES) return;
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      if (relative === '.git') continue;
      if (entry.isDirectory()) await walk(relative);
      else if (entry.isFile() && covered(relative, paths) && !covered(relative, exclude))
        found.push(relative);
    }
  }
  await walk('');
  return found.sort();
}

/** Writes `files` of `projectDir` into a zip at `target`. */
export async function writeArchive(
  projectDir: string,
  files: readonly string[],
  target: string,
): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addFile(path.join(projectDir, file), file);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(target, { mode: 0o600 }));
}

/**
 * Writes `files` of `projectDir` to `target` as GitLab Runner's gzip format: one gzip member per
 * file, one after the other (how reports such as JUnit travel; GitLab reads each member alone).
 */
export async function writeGzipMembers(
  projectDir: string,
  files: readonly string[],
  target: string,
): Promise<void> {
  for (const [index, file] of files.entries()) {
    await pipeline(
      createReadStream(path.join(projectDir, file)),
      createGzip(),
      createWriteStream(target, { mode: 0o600, flags: index === 0 ? 'w' : 'a' }),
    );
  }
}

/** Whether every directory from `root` down to `dir` is a real directory (no link on the way). */
async function realDirectoryPath(root: string, relativeDir: string, owner: Owner): Promise<boolean> {
  let current = root;
  for (const part of relativeDir ? relativeDir.split('/') : []) {
    current = path.join(current, part);
    const stat = await lstat(current).catch(() => null);
    if (!stat) {
      await mkdir(current, { mode: 0o755 });
      if (owner) await chown(current, owner.uid, owner.gid);
    } else if (!stat.isDirectory() || stat.isSymbolicLink()) return false;
  }
  return true;
}

/**
 * Extracts a dependency's archive into the project directory. Entries that would land outside it
 * (`../`, absolute paths), symbolic links, and entries under a link the checkout made are
 * skipped and named in `skipped`; files are written without following links.
 */
export async function extractArchive(
  zipPath: string,
  projectDir: string,
  owner: Owner,
): Promise<{ extracted: number; skipped: string[] }> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, decodeStrings: false }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const skipped: string[] = [];
  let extracted = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = Buffer.from(entry.fileName as unknown as Uint8Array).toString('utf8');
      placeEntry(zip, entry, name)
        .then(() => zip.readEntry())
        .catch(reject);
    });
    zip.readEntry();
  });
  return { extracted, skipped };

  async function placeEntry(archive: yauzl.ZipFile, entry: yauzl.Entry, name: string): Promise<void> {
    const safe = safeEntryPath(name);
    if (safe === null || isSymlinkMode(entry.externalFileAttributes)) {
      skipped.push(name);
      return;
    }
    const directory = name.endsWith('/');
    const parent = directory ? safe : path.posix.dirname(safe) === '.' ? '' : path.posix.dirname(safe);
    if (!(await realDirectoryPath(projectDir, parent, owner))) {
      skipped.push(name);
      return;
    }
    if (directory) return;
    const target = path.join(projectDir, safe);
    const existing = await lstat(target).catch(() => null);
    if (existing?.isSymbolicLink()) await unlink(target);
    else if (existing && !existing.isFile()) {
      skipped.push(name);
      return;
    }
    const handle = await open(
      target,
      constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW,
      0o644,
    );
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      archive.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
    );
    await pipeline(stream, handle.createWriteStream());
    if (owner) await chown(target, owner.uid, owner.gid);
    extracted++;
  }
}
