import type { MetricImage } from '../../../shared/api/metricImages';
import type { Config } from '../../config';
import { urlOf } from '../uploads/uploads.service';
import type { MetricImageView } from './metric-images.service';

/** GitLab's `IssuableMetricImage`: `file_path` is the full address of the stored image. */
export function presentMetricImage(view: MetricImageView, config: Pick<Config, 'externalUrl'>): MetricImage {
  return {
    id: view.image.id,
    created_at: view.image.createdAt.toISOString(),
    filename: view.upload.filename,
    file_path: `${config.externalUrl}/${view.projectFullPath}${urlOf(view.upload)}`,
    url: view.image.url,
    url_text: view.image.urlText,
  };
}
