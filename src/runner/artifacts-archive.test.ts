import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { collectArtifactFiles, extractArchive } from './artifacts-archive';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'runner-artifacts-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function files(dir: string, entries: Record<string, string>) {
  for (const [name, content] of Object.entries(entries)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

/** A zip whose names are written as given (`..` included: yazl's check is walked around in place). */
async function rawZip(entries: Array<{ name: string; content: string; mode?: number }>, target: string) {
  const zip = new yazl.ZipFile();
  for (const entry of entries)
    zip.addBuffer(Buffer.from(entry.content), entry.name.replaceAll('..', 'aa'), {
      ...(entry.mode ? { mode: entry.mode } : {}),
    });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await writeFile(
    target,
    Buffer.from(Buffer.concat(chunks).toString('latin1').replaceAll('aa/', '../'), 'latin1'),
  );
}

describe('the runner’s artifact archives', () => {
  it('collects what paths cover less exclude, never a link nor .git', async () => {
    const project = path.join(root, 'project');
    await files(project, {
      'dist/app.js': 'a',
      'dist/app.js.map': 'm',
      'dist/sub/deep.js': 'd',
      'src/main.ts': 's',
      'report.xml': 'r',
      '.git/config': 'g',
    });
    await symlink('/etc/passwd', path.join(project, 'dist', 'passwd'));
    await symlink(path.join(project, 'src'), path.join(project, 'dist', 'src-link'));
    expect(await collectArtifactFiles(project, ['dist/', '*.xml'], ['dist/**/*.map'])).toEqual([
      'dist/app.js',
      'dist/sub/deep.js',
      'report.xml',
    ]);
    expect(await collectArtifactFiles(project, ['**/*.js'], [])).toEqual(['dist/app.js', 'dist/sub/deep.js']);
  });

  it('extracts into the project only: ../ entries, links and entries under a link the checkout made are skipped', async () => {
    const project = path.join(root, 'builds', 'project');
    const outside = path.join(root, 'outside');
    await mkdir(project, { recursive: true });
    await mkdir(outside);
    // A repository may hold a link: an archive entry under it must not be written through it.
    await symlink(outside, path.join(project, 'linked'));
    await files(project, { 'existing.txt': 'old' });
    await symlink(path.join(outside, 'target.txt'), path.join(project, 'swapped.txt'));
    const zip = path.join(root, 'deps.zip');
    await rawZip(
      [
        { name: 'ok/file.txt', content: 'fine' },
        { name: '../escaped.txt', content: 'no' },
        { name: 'ok/../../escaped2.txt', content: 'no' },
        { name: 'linked/through.txt', content: 'no' },
        { name: 'passwd', content: '/etc/passwd', mode: 0o120777 },
        { name: 'existing.txt', content: 'new' },
        { name: 'swapped.txt', content: 'replaced, not followed' },
      ],
      zip,
    );
    const { extracted, skipped } = await extractArchive(zip, project, null);
    expect(extracted).toBe(3);
    expect(skipped.sort()).toEqual([
      '../escaped.txt',
      'linked/through.txt',
      'ok/../../escaped2.txt',
      'passwd',
    ]);
    expect(await readFile(path.join(project, 'ok', 'file.txt'), 'utf8')).toBe('fine');
    expect(await readFile(path.join(project, 'existing.txt'), 'utf8')).toBe('new');
    expect(await readFile(path.join(project, 'swapped.txt'), 'utf8')).toBe('replaced, not followed');
    expect(await readdir(outside)).toEqual([]);
    expect((await readdir(root)).sort()).toEqual(['builds', 'deps.zip', 'outside']);
    expect(await readdir(path.join(root, 'builds'))).toEqual(['project']);
  });
});
