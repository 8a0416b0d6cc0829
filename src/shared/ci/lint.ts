import { stringify } from 'yaml';
import type { IncludeSources } from './config/includes';
import { processConfig } from './config/processor';

/** The answer of `POST /projects/:id/ci/lint`. */
export interface LintResult {
  valid: boolean;
  errors: string[];
  warnings: string[];
  /** The configuration after include, extends and !reference, as YAML; empty when it could not be read. */
  merged_yaml: string;
}

/** Lints a `.gitlab-ci.yml` as GitLab's CI Lint API does. */
export function lintConfig(source: string, sources: IncludeSources): LintResult {
  const result = processConfig(source, sources);
  const merged = result.mergedYaml ? stringify(result.mergedYaml) : '';
  return result.valid
    ? { valid: true, errors: [], warnings: result.warnings, merged_yaml: merged }
    : { valid: false, errors: result.errors, warnings: result.warnings, merged_yaml: merged };
}
