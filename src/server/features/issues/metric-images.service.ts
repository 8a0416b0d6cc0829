import type { MetricImageFields } from '../../../shared/api/metricImages';
import type { CurrentUser } from '../../auth/current-user';
import type { Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import { servingOf } from '../uploads/upload-files';
import type { UploadsService } from '../uploads/uploads.service';
import type { FoundIssue, IssuesService } from './issues.service';
import {
  findMetricImage,
  insertMetricImage,
  listMetricImages,
  updateMetricImage,
  type MetricImageRecord,
} from './metric-images.repo';

type Deps = {
  db: Db;
  clock: Clock;
  issues: Pick<IssuesService, 'findReadable' | 'permissionsOf'>;
  uploads: Pick<UploadsService, 'store' | 'discard'>;
};

/** A metric image with where its incident's project is served from (for `file_path`). */
export type MetricImageView = MetricImageRecord & { projectFullPath: string };

/**
 * Screenshots of metric charts on incidents (spec 001 section 7.5), each linking to the original
 * graph. Anyone who reads the incident sees them; who may edit it adds, edits and deletes them.
 * Plain issues have none, as in GitLab.
 */
export function createMetricImagesService({ db, clock, issues, uploads }: Deps) {
  async function editable(actor: CurrentUser, projectRef: number | string, iid: number) {
    const found = await issues.findReadable(actor, projectRef, iid);
    const incident = found.record.issue.issueType === 'incident';
    if (!incident || !issues.permissionsOf(actor, found).canUpdate) throw new ForbiddenError();
    return found;
  }

  const view = (found: FoundIssue, record: MetricImageRecord): MetricImageView => ({
    ...record,
    projectFullPath: found.record.projectFullPath,
  });

  async function imageOf(found: FoundIssue, imageId: number) {
    const record = await findMetricImage(db, found.record.issue.id, imageId);
    if (!record) throw new NotFoundError('Metric image');
    return record;
  }

  async function list(actor: Actor, projectRef: number | string, iid: number) {
    const found = await issues.findReadable(actor, projectRef, iid);
    const records = await listMetricImages(db, found.record.issue.id);
    return records.map((record) => view(found, record));
  }

  async function upload(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    file: { filename: string; data: Buffer },
    fields: MetricImageFields,
  ) {
    const found = await editable(actor, projectRef, iid);
    // Only images a browser shows in place: the section displays them.
    if (!servingOf(file.filename).inline)
      throw new BadRequestError('file must be an image (png, jpg, gif, webp, bmp or ico)');
    const record = await db.transaction(async (tx) => {
      const stored = await uploads.store(found.ctx, actor.id, file, tx);
      const image = await insertMetricImage(tx, {
        issueId: found.record.issue.id,
        uploadId: stored.row.id,
        url: fields.url || null,
        urlText: fields.url_text || null,
        createdAt: clock.now(),
      });
      return { image, upload: stored.row };
    });
    return view(found, record);
  }

  async function update(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    imageId: number,
    fields: MetricImageFields,
  ) {
    const found = await editable(actor, projectRef, iid);
    const record = await imageOf(found, imageId);
    const changes = {
      ...(fields.url === undefined ? {} : { url: fields.url || null }),
      ...(fields.url_text === undefined ? {} : { urlText: fields.url_text || null }),
    };
    if (Object.keys(changes).length > 0) await updateMetricImage(db, record.image.id, changes);
    return view(found, { ...record, image: { ...record.image, ...changes } });
  }

  async function remove(actor: CurrentUser, projectRef: number | string, iid: number, imageId: number) {
    const found = await editable(actor, projectRef, iid);
    const record = await imageOf(found, imageId);
    // The image row goes with its upload (the foreign key cascades).
    await uploads.discard(record.upload);
  }

  return { list, upload, update, remove };
}

export type MetricImagesService = ReturnType<typeof createMetricImagesService>;
