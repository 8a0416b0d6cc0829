import { type AppError, ConflictError, UnprocessableError } from '../../errors';

/** `{"message": ["..."]}`: GitLab words these branch errors as a list. */
const branchError = (Kind: typeof ConflictError | typeof UnprocessableError, text: string): AppError =>
  new Kind(text, [text]);

export const sameBranchError = () =>
  branchError(UnprocessableError, "You can't use same project/branch for source and target");
export const duplicateError = (iid: number) =>
  branchError(ConflictError, `Another open merge request already exists for this source branch: !${iid}`);
export const missingBranchError = (side: 'Source' | 'Target', name: string) =>
  branchError(UnprocessableError, `${side} branch "${name}" does not exist`);

/** The partial unique index that keeps one open merge request per pair of branches, also under races. */
const ONE_OPEN_INDEX = 'merge_requests_one_open_per_branch_pair';

export function violatesOneOpenIndex(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as Error & { code?: string; constraint?: string };
    if (code === '23505' && (constraint === ONE_OPEN_INDEX || e.message.includes(ONE_OPEN_INDEX)))
      return true;
  }
  return false;
}
