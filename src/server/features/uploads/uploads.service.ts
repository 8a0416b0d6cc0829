import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CurrentUser } from '../../auth/current-user';
import type { Actor } from '../../auth/permissions';
import type { Clock, Random } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../errors';
import type { ProjectsService } from '../projects/projects.service';
import { safeFilename, servingOf, uploadMarkdown } from './upload-files';
import { findUpload, insertUpload } from './uploads.repo';

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
    const secret = random.token(16);
    const filename = safeFilename(file.filename);
    const target = storedAt(ctx.project.id, secret, filename);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.data);
    const row = await insertUpload(db, {
      projectId: ctx.project.id,
      secret,
      filename,
      size: file.data.length,
      contentType: servingOf(filename).contentType,
      uploadedById: actor.id,
      createdAt: clock.now(),
    });
    const url = `/uploads/${secret}/${filename}`;
    return { id: row.id, url, full_path: `/${ctx.fullPath}${url}`, ...uploadMarkdown(filename, url) };
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

  return { upload, open };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
