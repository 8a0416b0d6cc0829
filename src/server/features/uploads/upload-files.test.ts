import { describe, expect, it } from 'vitest';
import { safeFilename, servingOf, uploadMarkdown } from './upload-files';

describe('servingOf', () => {
  it.each([
    ['shot.png', 'image/png', true],
    ['photo.JPG', 'image/jpeg', true],
    ['anim.gif', 'image/gif', true],
    ['logo.svg', 'image/svg+xml', false],
    ['page.html', 'application/octet-stream', false],
    ['notes.txt', 'text/plain; charset=utf-8', false],
    ['report.pdf', 'application/pdf', false],
    ['noext', 'application/octet-stream', false],
  ])('%s is served as %s, inline: %s', (name, contentType, inline) => {
    expect(servingOf(name)).toEqual({ contentType, inline });
  });
});

describe('safeFilename', () => {
  it.each([
    ['screen shot.png', 'screen_shot.png'],
    ['../../etc/passwd', 'passwd'],
    ['..\\win.ini', 'win.ini'],
    ['.hidden', 'hidden'],
    ['<img onerror=alert(1)>.png', '_img_onerror_alert_1__.png'],
    ['', 'file'],
    ['résumé.pdf', 'r_sum_.pdf'],
  ])('%j is stored as %j', (name, safe) => {
    expect(safeFilename(name)).toBe(safe);
  });
});

describe('uploadMarkdown', () => {
  it.each([
    ['dk.png', '![dk](/uploads/abc/dk.png)', 'dk'],
    ['logo.svg', '![logo](/uploads/abc/logo.svg)', 'logo'],
    ['report.pdf', '[report.pdf](/uploads/abc/report.pdf)', 'report.pdf'],
  ])('%s', (name, markdown, alt) => {
    expect(uploadMarkdown(name, `/uploads/abc/${name}`)).toEqual({ alt, markdown });
  });
});
