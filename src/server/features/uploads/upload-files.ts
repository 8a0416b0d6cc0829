import path from 'node:path';

/** GitLab's default attachment size limit. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Raster images a browser may show in place; everything else is downloaded. */
const INLINE_IMAGES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
};

const DOWNLOADS: Readonly<Record<string, string>> = {
  // SVG can carry script: it is only ever a download.
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.log': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** How a stored file is served: the type comes from its name, never from what the uploader claimed. */
export function servingOf(filename: string): { contentType: string; inline: boolean } {
  const extension = path.extname(filename).toLowerCase();
  const image = INLINE_IMAGES[extension];
  if (image) return { contentType: image, inline: true };
  return { contentType: DOWNLOADS[extension] ?? 'application/octet-stream', inline: false };
}

/**
 * A file name safe on disk and in a URL, as GitLab's uploader keeps them: anything but letters,
 * digits, dot, dash and underscore becomes `_`; no leading dots; never empty.
 */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '')
    .slice(-200);
  return cleaned === '' ? 'file' : cleaned;
}

/** `![name](url)` for images (SVG included, as GitLab links them), `[name.ext](url)` for anything else. */
export function uploadMarkdown(filename: string, url: string): { alt: string; markdown: string } {
  const extension = path.extname(filename).toLowerCase();
  const isImage = extension in INLINE_IMAGES || extension === '.svg';
  const alt = isImage ? filename.slice(0, filename.length - extension.length) || filename : filename;
  return { alt, markdown: isImage ? `![${alt}](${url})` : `[${alt}](${url})` };
}
