/** GitLab's default suggestion commit message template. */
export const DEFAULT_SUGGESTION_COMMIT_MESSAGE =
  'Apply %{suggestions_count} suggestion(s) to %{files_count} file(s)';

export type SuggestionCommitFacts = {
  filePaths: readonly string[];
  suggestionsCount: number;
  projectPath: string;
  projectName: string;
  branchName: string;
  userFullName: string;
  username: string;
  /** Authors of the applied suggestions other than the one applying them. */
  coAuthors: ReadonlyArray<{ name: string; email: string }>;
};

/**
 * The commit message of applied suggestions: the template (the user's message, or GitLab's
 * default) with its placeholders filled, then a `Co-authored-by:` line per other author.
 */
export function suggestionCommitMessage(facts: SuggestionCommitFacts, template?: string): string {
  const files = [...new Set(facts.filePaths)];
  const values: Record<string, string> = {
    branch_name: facts.branchName,
    files_count: String(files.length),
    file_paths: files.join(', '),
    project_name: facts.projectName,
    project_path: facts.projectPath,
    user_full_name: facts.userFullName,
    username: facts.username,
    suggestions_count: String(facts.suggestionsCount),
  };
  const chosen = template?.trim() ? template : DEFAULT_SUGGESTION_COMMIT_MESSAGE;
  const message = chosen.replace(/%\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
  const seen = new Set<string>();
  const trailers = facts.coAuthors
    .filter((author) => !seen.has(author.email) && seen.add(author.email))
    .map((author) => `Co-authored-by: ${author.name} <${author.email}>`);
  return trailers.length > 0 ? `${message}\n\n${trailers.join('\n')}` : message;
}
