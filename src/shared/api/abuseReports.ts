import { z } from 'zod';
import { ABUSE_CATEGORIES } from '../notes/abuseCategories';

const person = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  web_url: z.string(),
});

/** One report in the admin list (`GET /admin/abuse_reports.json`). */
export const abuseReportSchema = z.object({
  id: z.number().int(),
  category: z.enum(ABUSE_CATEGORIES),
  status: z.enum(['open', 'closed']),
  reported_from_url: z.string(),
  message: z.string(),
  created_at: z.string(),
  user: person,
  /** null once the reporter's account is gone. */
  reporter: person.nullable(),
});
export type AbuseReport = z.infer<typeof abuseReportSchema>;

export const abuseReportListQuerySchema = z.object({ status: z.enum(['open', 'closed']).optional() });

/**
 * `POST /-/abuse_reports`: the drawer's form (`abuse_report[category]` and friends, form-encoded
 * with `authenticity_token`) or the same nested in JSON. The category is checked by the server,
 * so a missing one gets its own message.
 */
export const createAbuseReportBodySchema = z.object({
  authenticity_token: z.string().max(200).optional(),
  user_id: z.coerce.number().int().positive().max(2_147_483_647),
  abuse_report: z
    .object({
      category: z.string().max(50).optional(),
      reported_from_url: z.string().max(2000).optional(),
      message: z.string().max(10_000).optional(),
    })
    .default({}),
});
export type CreateAbuseReportBody = z.input<typeof createAbuseReportBodySchema>;

export const createAbuseReportResponseSchema = z.object({ id: z.number().int(), message: z.string() });
