import { ABUSE_CATEGORIES, type AbuseCategory } from '../../../shared/notes/abuseCategories';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError, ForbiddenError } from '../../errors';
import type { UsersService } from '../users/users.service';
import { insertAbuseReport, listAbuseReports, type AbuseReportRow } from './abuse-reports.repo';

export type AbuseReportInput = {
  userId: number;
  category?: string;
  reportedFromUrl?: string;
  message?: string;
};

/** The words of GitLab's abuse report validations. */
export const ABUSE_REPORT_MESSAGES = {
  categoryBlank: "Category can't be blank",
  categoryUnknown: 'Category is not included in the list',
  yourself: 'You cannot report yourself.',
  thanks: 'Thank you for your report. An administrator will look into it shortly.',
} as const;

const isCategory = (value: string): value is AbuseCategory =>
  (ABUSE_CATEGORIES as readonly string[]).includes(value);

type Deps = { db: Db; clock: Clock; users: Pick<UsersService, 'getUser'> };

export function createAbuseReportsService({ db, clock, users }: Deps) {
  /** "Report abuse to administrator": any signed-in user about anyone but themselves; one of the eight categories. */
  async function report(actor: CurrentUser, input: AbuseReportInput): Promise<AbuseReportRow> {
    const category = input.category?.trim() ?? '';
    if (category === '') throw new BadRequestError(ABUSE_REPORT_MESSAGES.categoryBlank);
    if (!isCategory(category)) throw new BadRequestError(ABUSE_REPORT_MESSAGES.categoryUnknown);
    if (input.userId === actor.id) throw new BadRequestError(ABUSE_REPORT_MESSAGES.yourself);
    const { user } = await users.getUser(input.userId);
    return insertAbuseReport(db, {
      reporterId: actor.id,
      userId: user.id,
      category,
      reportedFromUrl: input.reportedFromUrl ?? '',
      message: input.message ?? '',
      createdAt: clock.now(),
    });
  }

  /** The admin list, newest first: administrators only. */
  async function list(
    actor: Actor,
    filter: { status?: AbuseReportRow['status'] },
    page: { offset: number; limit: number },
  ) {
    if (!can(actor, 'admin_instance', { type: 'instance' })) throw new ForbiddenError();
    return listAbuseReports(db, filter, page);
  }

  return { report, list };
}

export type AbuseReportsService = ReturnType<typeof createAbuseReportsService>;
