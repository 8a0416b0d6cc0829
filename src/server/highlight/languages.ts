import Prism from 'prismjs';
import loadLanguages from 'prismjs/components/index.js';

/** Prism's language for a file name that has no extension to go by. */
const FILE_NAMES: Record<string, string> = {
  dockerfile: 'docker',
  makefile: 'makefile',
  gnumakefile: 'makefile',
  gemfile: 'ruby',
  rakefile: 'ruby',
  jenkinsfile: 'groovy',
  'cmakelists.txt': 'cmake',
};

/** Prism's language for a file extension. */
const EXTENSIONS: Record<string, string> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  json: 'json',
  css: 'css',
  scss: 'scss',
  sass: 'sass',
  less: 'less',
  html: 'markup',
  htm: 'markup',
  vue: 'markup',
  xml: 'markup',
  svg: 'markup',
  md: 'markdown',
  markdown: 'markdown',
  py: 'python',
  rb: 'ruby',
  rake: 'ruby',
  gemspec: 'ruby',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  scala: 'scala',
  groovy: 'groovy',
  gradle: 'groovy',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  cs: 'csharp',
  php: 'php',
  swift: 'swift',
  m: 'objectivec',
  dart: 'dart',
  lua: 'lua',
  pl: 'perl',
  pm: 'perl',
  r: 'r',
  ex: 'elixir',
  exs: 'elixir',
  erl: 'erlang',
  hs: 'haskell',
  clj: 'clojure',
  ml: 'ocaml',
  elm: 'elm',
  zig: 'zig',
  nix: 'nix',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  ps1: 'powershell',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'toml',
  ini: 'ini',
  cfg: 'ini',
  sql: 'sql',
  graphql: 'graphql',
  gql: 'graphql',
  proto: 'protobuf',
  tf: 'hcl',
  hcl: 'hcl',
  diff: 'diff',
  patch: 'diff',
  vim: 'vim',
};

/** Prism's language for a path, from its file name or extension; null for plain text. */
export function languageFor(filePath: string): string | null {
  const name = (filePath.split('/').pop() ?? '').toLowerCase();
  const byName = FILE_NAMES[name];
  if (byName) return byName;
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  return EXTENSIONS[name.slice(dot + 1)] ?? null;
}

/** Every language a path can map to, for tests and for loading them all up front. */
export const knownLanguages = (): string[] => [
  ...new Set([...Object.values(FILE_NAMES), ...Object.values(EXTENSIONS)]),
];

/** A language's grammar, its Prism component loaded on first use (with the ones it extends). */
export function grammarFor(language: string): Prism.Grammar | null {
  if (!Prism.languages[language]) {
    loadLanguages.silent = true;
    loadLanguages([language]);
  }
  return Prism.languages[language] ?? null;
}
