import { z } from 'zod';

/** GitLab's limits on a metric image's link and its text. */
export const MAX_METRIC_URL_LENGTH = 255;
export const MAX_METRIC_URL_TEXT_LENGTH = 128;

/** An http(s) address: the link a metric image opens (the original graph). */
const metricUrl = z
  .string()
  .max(MAX_METRIC_URL_LENGTH)
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), { message: 'url is invalid' });

/** `PUT .../metric_images/:image_id` (and the fields beside `file` of the POST). */
export const metricImageFieldsSchema = z.object({
  url: metricUrl.optional(),
  url_text: z.string().max(MAX_METRIC_URL_TEXT_LENGTH).optional(),
});
export type MetricImageFields = z.output<typeof metricImageFieldsSchema>;

/** GitLab's `IssuableMetricImage` entity (spec 001 "Metric image": file, url, url_text). */
export const metricImageSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  filename: z.string(),
  file_path: z.string(),
  url: z.string().nullable(),
  url_text: z.string().nullable(),
});
export type MetricImage = z.infer<typeof metricImageSchema>;
