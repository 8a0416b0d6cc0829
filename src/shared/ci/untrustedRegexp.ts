import { RE2JS } from 're2js';

/** `/pattern/flags` as GitLab writes user regexes (flags i, s, m, U). */
const RUBY_SYNTAX = /^\/(.*)\/([ismU]*)$/s;
const compiled = new Map<string, RE2JS | null>();
const MAX_CACHED = 500;

export function looksLikeRegexp(value: string): boolean {
  return RUBY_SYNTAX.test(value);
}

/**
 * GitLab's UntrustedRegexp::RubySyntax: `/pattern/flags` compiled with RE2 (re2js), so a
 * configuration's pattern runs in linear time whatever it is; null when it is not of that form or
 * RE2 refuses it (backreferences, lookarounds).
 */
export function compileRubyRegexp(value: string): RE2JS | null {
  if (compiled.has(value)) return compiled.get(value)!;
  const match = RUBY_SYNTAX.exec(value);
  let regex: RE2JS | null = null;
  if (match) {
    const flags = match[2] ?? '';
    try {
      regex = RE2JS.compile(flags ? `(?${flags})${match[1] ?? ''}` : (match[1] ?? ''));
    } catch {
      regex = null;
    }
  }
  if (compiled.size >= MAX_CACHED) compiled.clear();
  compiled.set(value, regex);
  return regex;
}

/** Whether the regex finds a match anywhere in the text (RE2's partial match). */
export const regexpFinds = (regex: RE2JS, text: string): boolean => regex.matcher(text).find();
