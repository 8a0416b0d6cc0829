/**
 * GitLab's default issue closing pattern ("Closes #4", "fixes #3, #4 and #5", "Resolving issue #4"),
 * as a regular expression source that reads the same in JavaScript and in PostgreSQL (`~*`):
 * everything before the issue's own reference. The reference itself follows, then a non-digit.
 */
export const CLOSING_PREFIX =
  '(clos(e[sd]?|ing)|fix(e[sd]|ing)?|resolv(e[sd]?|ing)|implement(s|ed|ing)?):? +(issues? +)?(#[0-9]+ *,? *(and +)?)*#';

/** Whether a description closes the issue with this iid (in its own project), case-insensitively. */
export function closesIssue(description: string, iid: number): boolean {
  return new RegExp(`${CLOSING_PREFIX}${iid}([^0-9]|$)`, 'i').test(description);
}
