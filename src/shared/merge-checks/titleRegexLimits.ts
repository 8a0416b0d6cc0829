/**
 * GitLab keeps a project's title regex short; a short pattern also bounds the automaton RE2 builds.
 * Apart from titleRegex.ts so that the web form can know it without loading the regex engine.
 */
export const MAX_TITLE_REGEX_LENGTH = 255;
