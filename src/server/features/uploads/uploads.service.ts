import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CurrentUser } from '../../auth/current-user';
import type { Actor } from '../../auth/permissions';
import type { Clock, Random } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../errors';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';
import { safeFilename, servingOf, uploadMarkdown } from './upload-files';
import { deleteUpload, findUpload, insertUpload, type UploadRow } from './uploads.repo';

/** Where a project's upload is served, relative to the project's page. */
export const urlOf = (row: Pick<UploadRow, 'secret' | 'filename'>) =>
  `/uploads/${row.secret}/${row.filename}`;

type Deps = {
  db: Db;
  clock: Clock;
  random: Random;
  config: Pick<Config, 'dataDir'>;
  projects: Pick<ProjectsService, 'loadProject'>;
};

export function createUploadsService({ db, clock, random, config, projects }: Deps) {
  const storedAt = (projectId: number, secret: string, filename: string) =>
    path.join(config.dataDir, 'uploads', String(projectId), secret, filename);

  /**
   * Stores an attachment for a project's notes and descriptions under an unguessable secret (the
   * link is the capability, as in GitLab). Those who may not upload get 403; unreadable projects 404.
   */
  async function upload(
    actor: CurrentUser,
    projectRef: number | string,
    file: { filename: string; data: Buffer },
  ) {
    const ctx = await projects.loadProject(actor, projectRef, 'upload_file');
    const { row, url } = await store(ctx, actor.id, file);
    return { id: row.id, url, full_path: `/${ctx.fullPath}${url}`, ...uploadMarkdown(row.filename, url) };
  }

  /**
   * Writes a file under a fresh secret for a project the caller already checked (metric images
   * decide their own permission); `url` is relative to the project.
   */
  async function store(
    ctx: Pick<ProjectContext, 'project'>,
    uploaderId: number,
    file: { filename: string; data: Buffer },
    tx: Db = db,
  ) {
    const secret = random.token(16);
    const filename = safeFilename(file.filename);
    const target = storedAt(ctx.project.id, secret, filename);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.data);
    const row = await insertUpload(tx, {
      projectId: ctx.project.id,
      secret,
      filename,
      size: file.data.length,
      contentType: servingOf(filename).contentType,
      uploadedById: uploaderId,
      createdAt: clock.now(),
    });
    return { row, url: urlOf(row) };
  }

  /** Removes an upload and its file (a metric image that was deleted). */
  async function discard(row: UploadRow, tx: Db = db): Promise<void> {
    await deleteUpload(tx, row.id);
    await rm(path.dirname(storedAt(row.projectId, row.secret, row.filename)), {
      recursive: true,
      force: true,
    });
  }

  /** An attachment to serve: for anyone who can read the project and knows its secret. */
  async function open(actor: Actor, projectRef: string, secret: string, filename: string) {
    const ctx = await projects.loadProject(actor, projectRef);
    const row = await findUpload(db, ctx.project.id, secret, filename);
    if (!row) throw new NotFoundError();
    return {
      file: storedAt(ctx.project.id, row.secret, row.filename),
      size: row.size,
      ...servingOf(row.filename),
    };
  }

  return { upload, store, discard, open };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
